import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free loopback port that keeps every mail it accepts, parsed. */
export interface SmtpCatcher {
  /** `smtp://127.0.0.1:PORT`, for the mail worker's `smtpUrl`. */
  url: string;
  mails: ParsedMail[];
  /** While set, every mail is refused with this SMTP reply code (4xx: try later, 5xx: never). */
  refuseWith: number | undefined;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = { mails: [] as ParsedMail[], refuseWith: undefined as number | undefined } as SmtpCatcher;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (catcher.refuseWith !== undefined) {
            callback(Object.assign(new Error('refused by the test'), { responseCode: catcher.refuseWith }));
            return;
          }
          catcher.mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  catcher.url = `smtp://127.0.0.1:${port}`;
  catcher.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return catcher;
}
