import { createTransport, type Transporter } from 'nodemailer';
import { startClaimLoop } from '../db/claim-loop.ts';
import { type QueueWorkerOptions, queueWorkerSettings, retentionPruner } from '../db/queue-worker.ts';
import { retryDelay } from '../db/retry-schedule.ts';
import type { OutboxMail } from '../db/schema.ts';
import { emitChatNotification } from './chat.ts';
import {
  BadPayloadError,
  type ComposedMail,
  composeMail,
  findUnsubscribed,
  loadMailContext,
  MAIL_KINDS,
  type MailKind,
} from './compose.ts';
import {
  type ClaimedRow,
  claimDueRows,
  type Finished,
  finishRows,
  type Outcome,
  pruneOutbox,
  recordSending,
  retryRow,
} from './outbox-queue.ts';

/** Where mail goes and who it is from; without `smtpUrl` the worker sends no mail. */
export interface MailWorkerOptions extends QueueWorkerOptions {
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
  /** SMTP connections in the pool, i.e. mails handed to SMTP at once. Default 4. */
  concurrency?: number;
  /**
   * Rows claimed together: their context, unsubscriptions, records and outcomes are read and
   * written in one statement each, not one per mail. Default 8.
   */
  batchSize?: number;
  /**
   * Days a finished row (sent, given up, or settled otherwise) is kept; older ones are deleted,
   * in small batches. Rows still waiting are never deleted. Default `DEFAULT_MAIL_RETENTION_DAYS` (30).
   */
  retentionDays?: number;
  /** Told how each attempt at a row ended, once recorded (for logs and metrics). Default: none. */
  onAttempt?: (result: MailAttemptResult, kind: string) => void;
}

/** Where mail comes from when `HEARKEN_MAIL_FROM` is not set. */
export const DEFAULT_MAIL_FROM = 'hearken@localhost';

/** Days a finished outbox row is kept, unless the worker is told otherwise. */
export const DEFAULT_MAIL_RETENTION_DAYS = 30;

/** The environment variables of mail, read by the command line. */
export const MAIL_ENV = {
  smtpUrl: 'SMTP_URL',
  from: 'HEARKEN_MAIL_FROM',
  /** `retentionDays`: days finished outbox rows are kept. */
  retentionDays: 'HEARKEN_MAIL_RETENTION_DAYS',
} as const;

/** How an attempt at an outbox row ended: finished with its outcome, or failed and to be `retried`. */
export type MailAttemptResult = Outcome | 'retried';

export interface MailWorker {
  /** Whether mail is sent (an SMTP URL was given); without one only chat notifications go out. */
  readonly sending: boolean;
  /** Looks for due rows now rather than at the next poll (e.g. after a commit). */
  wake(): void;
  /** Stops claiming and waits for the rows in flight to be recorded. */
  stop(): Promise<void>;
}

/** Batches a worker handles at once: one is read and recorded while the other waits on SMTP. */
const BATCHES_IN_FLIGHT = 2;

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
 * the webhook event of that name. Rows are claimed in batches, and each batch reads and records in
 * a few statements, whatever its size: per-mail round trips to the database, not SMTP, were what
 * limited a worker. Any number of workers may share one database. Between claims it deletes
 * finished rows past their retention.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const {
    db,
    smtpUrl,
    from = DEFAULT_MAIL_FROM,
    publicUrl,
    timeoutMs = 30_000,
    concurrency = 4,
    batchSize = 8,
    onAttempt,
  } = options;
  const settings = queueWorkerSettings(options, { retentionDays: DEFAULT_MAIL_RETENTION_DAYS, label: 'mail worker' });
  const { pollIntervalMs, clock, schedule, onError } = settings;
  const prune = retentionPruner(settings, (before) => pruneOutbox(db.orm, before), onError);
  // Past every step's timeout of each transaction a mail may queue behind on the pool (both
  // batches in flight), so a live send is never claimed twice.
  const leaseMs = timeoutMs * 6 * Math.ceil((BATCHES_IN_FLIGHT * batchSize) / concurrency) + 30_000;
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

  /** A failed attempt: tried again on the schedule, or given up (`finished`) when it is done with. */
  async function failed(row: ClaimedRow, error: unknown, retry: boolean, finished: Finished[]): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const delay = retry ? retryDelay(schedule, row.attempts) : undefined;
    if (delay === undefined) finished.push({ row, outcome: 'failed', error: message });
    else {
      await retryRow(db.orm, row, new Date(clock().getTime() + delay), message);
      onAttempt?.('retried', row.kind);
    }
  }

  async function send(mailer: Transporter, row: ClaimedRow, mail: OutboxMail, finished: Finished[]): Promise<void> {
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
      return failed(row, error, !permanent(error), finished);
    }
    finished.push({ row, outcome: 'sent' });
  }

  /** Composes, checks, records, sends and settles a batch of email rows. */
  async function sendBatch(rows: ClaimedRow[], mailer: Transporter): Promise<void> {
    const finished: Finished[] = [];
    const loaded = await loadMailContext(db.orm, rows);
    const composed: { row: ClaimedRow; composed: ComposedMail }[] = [];
    for (const row of rows) {
      try {
        const result = await composeMail(db.orm, { ...row, kind: row.kind as MailKind }, { from, publicUrl }, loaded);
        if ('skip' in result) finished.push({ row, outcome: result.skip });
        else composed.push({ row, composed: result });
      } catch (error) {
        // A row that can never be sent is finished, not retried for a day.
        await failed(row, error, !(error instanceof BadPayloadError), finished);
        onError(error);
      }
    }
    const unsubscribed = await findUnsubscribed(
      db.orm,
      composed.map(({ row, composed }) => ({ workspaceId: row.workspaceId, ...composed })),
    );
    const toSend = composed.flatMap(({ row, composed }, index) => {
      if (unsubscribed[index]) {
        finished.push({ row, outcome: 'unsubscribed' });
        return [];
      }
      // Sent before and maybe accepted: the same mail again, never a newly composed one.
      return [{ row, mail: row.sending ?? { ...composed.mail, date: clock().toISOString() } }];
    });
    const recorded = await recordSending(
      db.orm,
      toSend.filter(({ row }) => !row.sending),
    );
    await Promise.all(
      toSend
        .filter(({ row }) => row.sending || recorded.has(row.id))
        .map(({ row, mail }) => send(mailer, row, mail, finished)),
    );
    await finishRows(db.orm, finished, clock());
    for (const { row, outcome } of finished) onAttempt?.(outcome, row.kind);
  }

  async function handle(rows: ClaimedRow[]): Promise<void> {
    const mail = rows.filter((row) => row.kind !== 'thread.notify.chat');
    for (const row of rows) {
      if (row.kind !== 'thread.notify.chat') continue;
      try {
        if (await emitChatNotification(db.orm, row, clock())) onAttempt?.('emitted', row.kind);
      } catch (error) {
        const delay = retryDelay(schedule, row.attempts);
        const message = error instanceof Error ? error.message : String(error);
        if (delay === undefined) await finishRows(db.orm, [{ row, outcome: 'failed', error: message }], clock());
        else await retryRow(db.orm, row, new Date(clock().getTime() + delay), message);
        onError(error);
      }
    }
    // A batch whose reads or records fail is left to its lease, and claimed again when it runs out.
    if (transport && mail.length) await sendBatch(mail, transport);
  }

  const loop = startClaimLoop<ClaimedRow[]>({
    concurrency: BATCHES_IN_FLIGHT,
    pollIntervalMs,
    claim: async (free) => {
      const rows = await claimDueRows(db.orm, kinds, { limit: free * batchSize, now: clock(), leaseMs });
      return Array.from({ length: Math.ceil(rows.length / batchSize) }, (_, index) =>
        rows.slice(index * batchSize, (index + 1) * batchSize),
      );
    },
    handle,
    onError,
    eachRound: prune,
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
