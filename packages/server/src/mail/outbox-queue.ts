/**
 * The outbox as a queue: claim due rows under a lease, record the mail before it goes to SMTP,
 * and settle each row once. Any number of workers, in any number of processes, may share it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { type OUTBOX_OUTCOMES, type OutboxMail, outbox } from '../db/schema.ts';

/** An outbox row a worker has claimed. */
export interface ClaimedRow {
  id: string;
  workspaceId: string;
  kind: string;
  payload: unknown;
  /** This attempt's number (1 for the first). */
  attempts: number;
  /** The mail as handed to SMTP by an earlier attempt, if one got that far. */
  sending: OutboxMail | null;
}

interface ClaimRow {
  id: string;
  workspace_id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  sending: OutboxMail | string | null;
}

/**
 * Claims up to `limit` due rows of the given kinds. `FOR UPDATE SKIP LOCKED` lets several
 * processes claim at once without taking each other's rows; the claim moves `next_attempt_at`
 * past the attempt's lease, so no other worker takes the row while it is being sent, yet a row
 * whose worker died is taken again once the lease runs out.
 */
export async function claimDueRows(
  orm: Orm,
  kinds: readonly string[],
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedRow[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const result = await orm.execute(sql`
    with due as (
      select id from outbox
      where delivered_at is null and (next_attempt_at is null or next_attempt_at <= ${at}::timestamptz)
        and kind in ${kinds}
      order by created_at
      limit ${limit}
      for update skip locked
    )
    update outbox o set attempts = o.attempts + 1, next_attempt_at = ${lease}::timestamptz
    from due where o.id = due.id
    returning o.id, o.workspace_id, o.kind, o.payload, o.attempts, o.sending`);
  return (result as unknown as { rows: ClaimRow[] }).rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: row.attempts,
    sending: typeof row.sending === 'string' ? (JSON.parse(row.sending) as OutboxMail) : row.sending,
  }));
}

/** Only the claim that made an attempt may record it (matched on the attempt number). */
const mine = (row: ClaimedRow) =>
  and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), isNull(outbox.deliveredAt));

/**
 * Records the mail about to be handed to SMTP. Returns false when the claim was lost (its lease
 * ran out and another worker took the row): then this worker must not send.
 */
export async function recordSending(orm: Orm, row: ClaimedRow, mail: OutboxMail): Promise<boolean> {
  const updated = await orm.update(outbox).set({ sending: mail }).where(mine(row)).returning({ id: outbox.id });
  return updated.length === 1;
}

export type Outcome = (typeof OUTBOX_OUTCOMES)[number];

/**
 * Marks a row finished. A send is recorded whichever claim made it, so an accepted mail is never
 * left looking unsent; anything else only by the claim that made the attempt. The recorded mail
 * is dropped: a finished row is never sent again, and its Message-ID follows from its id.
 */
export async function finishRow(
  orm: Orm,
  row: ClaimedRow,
  outcome: Outcome,
  at: Date,
  error: string | null = null,
): Promise<void> {
  await orm
    .update(outbox)
    .set({ deliveredAt: at, outcome, nextAttemptAt: null, sending: null, lastError: error?.slice(0, 500) ?? null })
    .where(outcome === 'sent' ? and(eq(outbox.id, row.id), isNull(outbox.deliveredAt)) : mine(row));
}

/** Records a failed attempt, to be tried again at `retryAt`. */
export async function retryRow(orm: Orm, row: ClaimedRow, retryAt: Date, error: string): Promise<void> {
  await orm
    .update(outbox)
    .set({ nextAttemptAt: retryAt, lastError: error.slice(0, 500) })
    .where(mine(row));
}
