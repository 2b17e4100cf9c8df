/**
 * The outbox as a queue: claim due rows under a lease, record the mail before it goes to SMTP,
 * and settle each row once. Any number of workers, in any number of processes, may share it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { type Claim, leaseOf } from '../db/queue-worker.ts';
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
export async function claimDueRows(orm: Orm, kinds: readonly string[], claim: Claim): Promise<ClaimedRow[]> {
  const { at, lease } = leaseOf(claim);
  const result = await orm.execute(sql`
    with due as (
      select id from outbox
      where delivered_at is null and (next_attempt_at is null or next_attempt_at <= ${at}::timestamptz)
        and kind in ${kinds}
      order by created_at
      limit ${claim.limit}
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

const idsOf = (result: unknown) => new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));

/**
 * Records the mails about to be handed to SMTP, all in one statement. Returns the ids of the rows
 * recorded: a row left out lost its claim (its lease ran out and another worker took it), and this
 * worker must not send it.
 */
export async function recordSending(
  orm: Orm,
  entries: readonly { row: ClaimedRow; mail: OutboxMail }[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const values = sql.join(
    entries.map(({ row, mail }) => sql`(${row.id}::text, ${row.attempts}::int, ${JSON.stringify(mail)}::jsonb)`),
    sql`, `,
  );
  return idsOf(
    await orm.execute(sql`
      update outbox o set sending = v.mail
      from (values ${values}) v(id, attempts, mail)
      where o.id = v.id and o.attempts = v.attempts and o.delivered_at is null
      returning o.id`),
  );
}

export type Outcome = (typeof OUTBOX_OUTCOMES)[number];

/** How one claimed row finished. */
export interface Finished {
  row: ClaimedRow;
  outcome: Outcome;
  error?: string | null;
}

/**
 * Marks rows finished, all in one statement. A send is recorded whichever claim made it, so an
 * accepted mail is never left looking unsent; anything else only by the claim that made the
 * attempt. The recorded mail is dropped: a finished row is never sent again, and its Message-ID
 * follows from its id.
 */
export async function finishRows(orm: Orm, finished: readonly Finished[], at: Date): Promise<void> {
  if (finished.length === 0) return;
  const values = sql.join(
    finished.map(
      ({ row, outcome, error }) =>
        sql`(${row.id}::text, ${row.attempts}::int, ${outcome}::text, ${error?.slice(0, 500) ?? null}::text)`,
    ),
    sql`, `,
  );
  await orm.execute(sql`
    update outbox o
    set delivered_at = ${at.toISOString()}::timestamptz, outcome = v.outcome, next_attempt_at = null,
      sending = null, last_error = v.error
    from (values ${values}) v(id, attempts, outcome, error)
    where o.id = v.id and o.delivered_at is null and (v.outcome = 'sent' or o.attempts = v.attempts)`);
}

/** Records a failed attempt, to be tried again at `retryAt`. */
export async function retryRow(orm: Orm, row: ClaimedRow, retryAt: Date, error: string): Promise<void> {
  await orm
    .update(outbox)
    .set({ nextAttemptAt: retryAt, lastError: error.slice(0, 500) })
    .where(mine(row));
}

/** Rows deleted per statement, so one pass never holds many rows locked at once. */
const PRUNE_BATCH = 500;

/**
 * Deletes the rows finished (sent, given up, or settled otherwise) before `before`, a batch per
 * statement. A row still waiting is kept, however old. Returns how many went.
 */
export async function pruneOutbox(orm: Orm, before: Date): Promise<number> {
  const at = before.toISOString();
  let pruned = 0;
  for (;;) {
    const deleted = idsOf(
      await orm.execute(sql`
        delete from outbox where id in (
          select id from outbox where delivered_at < ${at}::timestamptz limit ${PRUNE_BATCH}
        )
        returning id`),
    ).size;
    pruned += deleted;
    if (deleted < PRUNE_BATCH) return pruned;
  }
}
