import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { type Claim, leaseOf } from '../db/queue-worker.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/webhook-tables.ts';

/** A delivery attempt a worker has claimed, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  /** This attempt's number (1 for the first). */
  attempts: number;
  endpointId: string;
  url: string;
  /** The secrets that sign: the current one, then the previous one while it is still live. */
  secrets: string[];
  /** The event's id: the `webhook-id`. */
  eventId: string;
  body: string;
}

interface ClaimRow {
  id: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_live: boolean | null;
  event_id: string;
  body: string;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints. `FOR UPDATE SKIP LOCKED` lets several
 * server processes claim at once without waiting on or taking each other's rows, and the claim
 * moves `next_attempt_at` past the attempt's timeout (a lease): no other worker takes the same
 * attempt, yet one whose process died is taken again once the lease runs out.
 */
export async function claimDueDeliveries(orm: Orm, claim: Claim): Promise<ClaimedDelivery[]> {
  const { at, lease } = leaseOf(claim);
  const result = await orm.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz and e.enabled
      order by d.next_attempt_at
      limit ${claim.limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1, next_attempt_at = ${lease}::timestamptz, last_attempt_at = ${at}::timestamptz
    from due, webhook_endpoints e, webhook_events ev
    where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id
    returning d.id, d.attempts, d.endpoint_id, e.url, e.secret, e.previous_secret,
      e.previous_secret_expires_at > ${at}::timestamptz as previous_live, ev.id as event_id, ev.body`);
  return (result as unknown as { rows: ClaimRow[] }).rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    endpointId: row.endpoint_id,
    url: row.url,
    secrets: row.previous_secret && row.previous_live ? [row.secret, row.previous_secret] : [row.secret],
    eventId: row.event_id,
    body: row.body,
  }));
}

/**
 * Hands claims back unsent (a worker stopping with attempts in flight): each is due again at
 * `now`, for any worker to take, instead of when its lease would run out. Matched on the attempt
 * number, as a settle is, so a claim another worker has since renewed is left alone.
 */
export async function releaseClaims(orm: Orm, claimed: readonly ClaimedDelivery[], now: Date): Promise<void> {
  for (const claim of claimed) {
    await orm
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(webhookDeliveries.id, claim.id),
          eq(webhookDeliveries.attempts, claim.attempts),
          eq(webhookDeliveries.status, 'pending'),
        ),
      );
  }
}

export type AttemptOutcome =
  | { kind: 'delivered'; status: number }
  /** The receiver answered 410: the endpoint is turned off. */
  | { kind: 'gone'; status: number }
  /** Retried at `retryAt`, or given up when it is undefined. */
  | { kind: 'failed'; status: number | null; error: string | null; retryAt: Date | undefined };

/**
 * Records an attempt's outcome. Only the claim that made the attempt may settle it (matched on the
 * attempt number), so a late answer after its lease ran out cannot overwrite a newer attempt.
 */
export async function settleAttempt(orm: Orm, claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
  const mine = and(
    eq(webhookDeliveries.id, claimed.id),
    eq(webhookDeliveries.attempts, claimed.attempts),
    eq(webhookDeliveries.status, 'pending'),
  );
  if (outcome.kind === 'delivered') {
    await orm
      .update(webhookDeliveries)
      .set({ status: 'delivered', lastResponseStatus: outcome.status, lastError: null, nextAttemptAt: null })
      .where(mine);
    return;
  }
  if (outcome.kind === 'gone') {
    await orm.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          lastResponseStatus: outcome.status,
          lastError: 'receiver answered 410 Gone',
          nextAttemptAt: null,
        })
        .where(mine);
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'gone' })
        .where(eq(webhookEndpoints.id, claimed.endpointId));
    });
    return;
  }
  await orm
    .update(webhookDeliveries)
    .set({
      status: outcome.retryAt ? 'pending' : 'failed',
      lastResponseStatus: outcome.status,
      lastError: outcome.error?.slice(0, 500) ?? null,
      nextAttemptAt: outcome.retryAt ?? null,
    })
    .where(mine);
}
