import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as the receiver saw it. */
export interface Receipt {
  id: string;
  body: string;
  headers: IncomingHttpHeaders;
  /** What the receiver answered. */
  status: number;
}

export interface Receiver {
  url: string;
  /** Every request, in arrival order. */
  receipts: Receipt[];
  /** Bodies of accepted (2xx) requests that the `standardwebhooks` package verified, by webhook-id. */
  accepted: Map<string, { type: string; data: Record<string, unknown> }>;
  /** The secret(s) the independent verifier checks with. */
  secrets: string[];
  /** The status to answer each request with (0: drop the connection unanswered); default 204. */
  respond: (receipt: Omit<Receipt, 'status'>) => number;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 that checks every request with the `standardwebhooks` package
 * (an implementation independent of ours); an unverifiable request is answered 400 and counted.
 */
export async function startReceiver(port = 0): Promise<Receiver & { rejected: number }> {
  const receiver = {
    receipts: [] as Receipt[],
    accepted: new Map<string, { type: string; data: Record<string, unknown> }>(),
    secrets: [] as string[],
    rejected: 0,
    respond: () => 204,
  } as unknown as Receiver & { rejected: number };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers;
      const id = String(headers['webhook-id']);
      let event: { type: string; data: Record<string, unknown> } | undefined;
      for (const secret of receiver.secrets) {
        try {
          event = new Webhook(secret).verify(body, headers as Record<string, string>) as typeof event;
          break;
        } catch {
          // Try the next secret.
        }
      }
      const status = event ? receiver.respond({ id, body, headers }) : 400;
      if (!event) receiver.rejected++;
      receiver.receipts.push({ id, body, headers, status });
      if (event && status >= 200 && status < 300) receiver.accepted.set(id, event);
      if (status === 0) request.socket.destroy();
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}

/** Waits until `condition` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
