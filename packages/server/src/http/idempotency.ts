import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema, safeParse } from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import type { Orm } from '../db/open.ts';
import { InvalidInputError } from '../errors.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyRecord,
  type IdempotencySlot,
  lockIdempotencyKey,
  purgeExpiredIdempotencyRecords,
  releaseIdempotencyKey,
} from '../services/idempotency.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { toIssues } from './validate.ts';

/** How long a first response is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A committed claim without an answer is only left by a server from before claims committed with
 * their answer; after this long its request is taken to have died with its process.
 */
const ABANDONED_MS = 60 * 1000;

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
/** Expired records of every key are purged at most this often (a table scan), besides the slot's own. */
const PURGE_EVERY_MS = 60 * 1000;

/** Thrown inside the transaction to roll back the handler's writes when it answered 5xx. */
class ServerFailure extends Error {
  override readonly name = 'ServerFailure';
}

/**
 * `Idempotency-Key` on every write (POST, PATCH, DELETE), v1 and v2: the first response (below
 * 500) is stored byte for byte and replayed for the same key, method, path and body; the same key
 * with another request is 422; while the first is still being processed, 409. Keys are per API
 * key. A 5xx is not stored, so the call can be retried. Runs after authentication.
 *
 * The claim, the handler's database work (its webhook events included) and the stored answer
 * commit in one transaction, so a process that dies at any point leaves either all of them or
 * none: a retry then replays the answer or does the write once. A transaction-scoped advisory
 * lock on the key tells a concurrent second request that the first is in flight.
 */
/**
 * A key proxy's verdict on a thread (`moderation`, `moderation_reasons`) is its note on the
 * submission, not the submission: a retry that another proxy instance judged otherwise is the same
 * request, so it replays the first answer instead of a 422.
 */
function withoutVerdict(body: string): string {
  if (!body.includes('"moderation')) return body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
    const { moderation: _verdict, moderation_reasons: _reasons, ...request } = parsed as Record<string, unknown>;
    return JSON.stringify(request);
  } catch {
    return body;
  }
}

export function idempotent(): MiddlewareHandler<AppEnv> {
  let nextPurge = 0;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !WRITES.has(c.req.method)) return next();
    const format = safeParse(idempotencyKeySchema, key);
    if (!format.success) throw new InvalidInputError(toIssues(format.issues, IDEMPOTENCY_KEY_HEADER));
    const services = c.var.services;
    const { db, now } = services;
    const slot: IdempotencySlot = { workspaceId: c.var.caller.workspaceId, apiKeyId: c.var.caller.keyId, key };
    const body = await c.req.text();
    const requestHash = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n`)
      .update(withoutVerdict(body))
      .digest('hex');

    const started = now();
    const expiredBefore = new Date(started.getTime() - IDEMPOTENCY_TTL_MS);
    // Clients send a fresh key per write, so a slot is rarely claimed twice: without this, every
    // stored answer (webhook secrets among them) would be kept for good.
    if (started.getTime() >= nextPurge) {
      nextPurge = started.getTime() + PURGE_EVERY_MS;
      await purgeExpiredIdempotencyRecords(db.orm, expiredBefore);
    }

    const replay = (held: IdempotencyRecord & { responseStatus: number }) => {
      c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (held.responseType) c.header('Content-Type', held.responseType);
      // A 204 (or 205, 304) answer has no body, and a Response refuses one, even an empty string.
      const replayed = NULL_BODY_STATUSES.has(held.responseStatus) ? null : (held.responseBody ?? '');
      return c.newResponse(replayed, held.responseStatus as 200);
    };

    try {
      return await db.orm.transaction(async (tx) => {
        const orm = tx as unknown as Orm;
        if (!(await lockIdempotencyKey(orm, slot))) {
          throw new HttpError('idempotency_conflict', 'A request with this Idempotency-Key is still in flight');
        }
        const held = await claimIdempotencyKey(orm, slot, requestHash, started, expiredBefore);
        if (held) {
          if (held.requestHash !== requestHash) {
            throw new HttpError('idempotency_key_reused', 'This Idempotency-Key was used with another request');
          }
          if (held.responseStatus !== null) return replay({ ...held, responseStatus: held.responseStatus });
          if (started.getTime() - held.createdAt.getTime() < ABANDONED_MS) {
            throw new HttpError('idempotency_conflict', 'A request with this Idempotency-Key is still in flight');
          }
          // Left by a process that died before claims committed with their answer: take it over.
          await releaseIdempotencyKey(orm, slot);
          await claimIdempotencyKey(orm, slot, requestHash, started, expiredBefore);
        }
        // The handler reads and writes through the transaction, so its work commits with the answer.
        c.set('services', { ...services, db: { ...db, orm } });
        try {
          await next();
        } finally {
          c.set('services', services);
        }
        if (c.res.status >= 500) throw new ServerFailure();
        const text = await c.res.clone().text();
        await completeIdempotencyKey(orm, slot, {
          status: c.res.status,
          body: text,
          type: c.res.headers.get('content-type'),
        });
        return undefined;
      });
    } catch (error) {
      // The 5xx answer stands; nothing of its request was kept, so the call can be retried.
      if (error instanceof ServerFailure) return;
      throw error;
    }
  };
}
