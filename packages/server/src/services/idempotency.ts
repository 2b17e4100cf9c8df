import { and, eq, lt, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { idempotencyRecords } from '../db/schema.ts';

/** One API key's use of one Idempotency-Key. */
export interface IdempotencySlot {
  workspaceId: string;
  apiKeyId: string;
  key: string;
}

/** What a key holds when it could not be claimed: a finished response, or a request in flight. */
export type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

const slotWhere = (slot: IdempotencySlot) =>
  and(eq(idempotencyRecords.apiKeyId, slot.apiKeyId), eq(idempotencyRecords.key, slot.key));

/**
 * Takes the key's transaction-scoped advisory lock, held until the caller's transaction ends (also
 * when its process dies). False when another request holds it, i.e. is in flight.
 */
export async function lockIdempotencyKey(orm: Orm, slot: IdempotencySlot): Promise<boolean> {
  const result = await orm.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${slot.apiKeyId}:${slot.key}`}, 0)) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/**
 * Claims the key for a request with this hash, after forgetting a record older than `expiredBefore`.
 * Returns undefined when claimed, else the record that holds it.
 */
export async function claimIdempotencyKey(
  orm: Orm,
  slot: IdempotencySlot,
  requestHash: string,
  at: Date,
  expiredBefore: Date,
): Promise<IdempotencyRecord | undefined> {
  await orm.delete(idempotencyRecords).where(and(slotWhere(slot), lt(idempotencyRecords.createdAt, expiredBefore)));
  const claimed = await orm
    .insert(idempotencyRecords)
    .values({ ...slot, requestHash, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  if (claimed.length > 0) return undefined;
  const [record] = await orm.select().from(idempotencyRecords).where(slotWhere(slot));
  // Released between the insert and the select: report it as in flight, so the caller retries.
  return (
    record ?? { ...slot, requestHash, responseStatus: null, responseBody: null, responseType: null, createdAt: at }
  );
}

/** Stores the first response exactly as sent, for replay. */
export async function completeIdempotencyKey(
  orm: Orm,
  slot: IdempotencySlot,
  response: { status: number; body: string; type: string | null },
): Promise<void> {
  await orm
    .update(idempotencyRecords)
    .set({ responseStatus: response.status, responseBody: response.body, responseType: response.type })
    .where(slotWhere(slot));
}

/** Frees the key (the request failed on the server, or its process died), so it can be retried. */
export async function releaseIdempotencyKey(orm: Orm, slot: IdempotencySlot): Promise<void> {
  await orm.delete(idempotencyRecords).where(slotWhere(slot));
}

/** Forgets every stored answer older than `expiredBefore`, whatever its key. */
export async function purgeExpiredIdempotencyRecords(orm: Orm, expiredBefore: Date): Promise<void> {
  await orm.delete(idempotencyRecords).where(lt(idempotencyRecords.createdAt, expiredBefore));
}
