import { createTransport, type Transporter } from 'nodemailer';
import { startClaimLoop } from '../db/claim-loop.ts';
import type { Db } from '../db/open.ts';
import { loggableError } from '../ops/loggable-error.ts';
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule, retryDelay } from '../webhooks/retry-schedule.ts';
import { emitChatNotification } from './chat.ts';
import { BadPayloadError, composeMail, isUnsubscribed, MAIL_KINDS, type MailKind } from './compose.ts';
import { type ClaimedRow, claimDueRows, finishRow, type Outcome, recordSending, retryRow } from './outbox-queue.ts';

/** Where mail goes and who it is from; without `smtpUrl` the worker sends no mail. */
export interface MailWorkerOptions {
  db: Db;
  /**
   * `smtp://` or `smtps://` URL of the SMTP server, with credentials if any
   * (`smtps://user:pass@mail.example.com`). Default: none, and email rows wait in the outbox.
   */
  smtpUrl?: string | undefined;
  /** The bare address mail comes from (the display name is the workspace's). Default `DEFAULT_MAIL_FROM`. */
  from?: string | undefined;
  /** The origin unsubscribe links point at: the server's public URL. */
  publicUrl: string;
  /** Limit of each SMTP step (connect, greeting, each command). Default 30 000 ms. */
  timeoutMs?: number;
  /** Retry schedule of failed sends; tests compress it. Default `DEFAULT_RETRY_SCHEDULE` (about a day). */
  retry?: Partial<RetrySchedule>;
  /** How often the outbox is checked when nothing wakes the worker. Default 1000 ms. */
  pollIntervalMs?: number;
  /** Rows in flight at once (and SMTP connections in the pool). Default 4. */
  concurrency?: number;
  /** The current time. Default `() => new Date()`. */
  clock?: () => Date;
  /** Told about failures of the worker itself and of sends. Default: logged to stderr. */
  onError?: (error: unknown) => void;
  /** Told how each row finished (for logs and metrics). Default: none. */
  onFinished?: (outcome: Outcome, kind: string) => void;
}

/** Where mail comes from when `HEARKEN_MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'hearken@localhost';

/** The environment variables of mail, read by the command line. */
export const MAIL_ENV = { smtpUrl: 'SMTP_URL', from: 'HEARKEN_MAIL_FROM' } as const;

export interface MailWorker {
  /** Whether mail is sent (an SMTP URL was given); without one only chat notifications go out. */
  readonly sending: boolean;
  /** Looks for due rows now rather than at the next poll (e.g. after a commit). */
  wake(): void;
  /** Stops claiming and waits for the rows in flight to be recorded. */
  stop(): Promise<void>;
}

/** SMTP reply codes 5xx are permanent: the same mail would be refused again. */
const permanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
};

/**
 * Drains the outbox: every kind of row the server writes. Emails (`issue.follower`,
 * `thread.notify.email`, `message.send`) go through SMTP, each at least once and as one mail:
 * the mail is recorded on its row, Message-ID and all, before the SMTP transaction, and a row
 * claimed again after a crash re-sends exactly that mail, so a mailbox sees the same message, never
 * a second one. Unsubscribed contacts are checked just before sending. `thread.notify.chat` emits
 * the webhook event of that name. Any number of workers may share one database.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    smtpUrl,
    from = DEFAULT_MAIL_FROM,
    publicUrl,
    timeoutMs = 30_000,
    pollIntervalMs = 1000,
    concurrency = 4,
    clock = () => new Date(),
    onError = (error: unknown) => console.error('[hearken-server] mail worker:', loggableError(error)),
    onFinished,
  } = options;
  const schedule: RetrySchedule = { ...DEFAULT_RETRY_SCHEDULE, ...options.retry };
  // Past every step's timeout of one transaction, so a live send is never claimed twice.
  const leaseMs = timeoutMs * 6 + 30_000;
  const transport: Transporter | undefined = smtpUrl
    ? createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: concurrency,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      })
    : undefined;
  const kinds: readonly string[] = transport ? [...MAIL_KINDS, 'thread.notify.chat'] : ['thread.notify.chat'];
  const finish = async (row: ClaimedRow, outcome: Outcome, error: string | null = null) => {
    await finishRow(db.orm, row, outcome, clock(), error);
    onFinished?.(outcome, row.kind);
  };

  async function sendRow(row: ClaimedRow, mailer: Transporter): Promise<void> {
    const composed = await composeMail(db.orm, { ...row, kind: row.kind as MailKind }, { from, publicUrl });
    if ('skip' in composed) return finish(row, composed.skip);
    if (await isUnsubscribed(db.orm, row.workspaceId, composed.contactId, composed.issueIds))
      return finish(row, 'unsubscribed');
    // Sent before and maybe accepted: the same mail again, never a newly composed one.
    const mail = row.sending ?? { ...composed.mail, date: clock().toISOString() };
    if (!row.sending && !(await recordSending(db.orm, row, mail))) return;
    try {
      await mailer.sendMail({
        from: mail.fromName ? { name: mail.fromName, address: from } : from,
        to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
        ...(mail.cc ? { cc: mail.cc } : {}),
        ...(mail.bcc ? { bcc: mail.bcc } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        date: new Date(mail.date),
        headers: mail.headers,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = permanent(error) ? undefined : retryDelay(schedule, row.attempts);
      if (delay === undefined) return finish(row, 'failed', message);
      await retryRow(db.orm, row, new Date(clock().getTime() + delay), message);
      return;
    }
    await finish(row, 'sent');
  }

  async function handle(row: ClaimedRow): Promise<void> {
    try {
      if (row.kind === 'thread.notify.chat') {
        if (await emitChatNotification(db.orm, row, clock())) onFinished?.('emitted', row.kind);
        return;
      }
      if (transport) await sendRow(row, transport);
    } catch (error) {
      // A row that can never be sent is finished, not retried for a day.
      if (error instanceof BadPayloadError) await finish(row, 'failed', error.message);
      else {
        const delay = retryDelay(schedule, row.attempts);
        const message = error instanceof Error ? error.message : String(error);
        if (delay === undefined) await finish(row, 'failed', message);
        else await retryRow(db.orm, row, new Date(clock().getTime() + delay), message);
      }
      throw error;
    }
  }

  const loop = startClaimLoop({
    concurrency,
    pollIntervalMs,
    claim: (limit) => claimDueRows(db.orm, kinds, limit, clock(), leaseMs),
    handle,
    onError,
  });
  return {
    sending: transport !== undefined,
    wake: loop.wake,
    async stop() {
      await loop.stop();
      await Promise.all(loop.inFlight);
      transport?.close();
    },
  };
}
