import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKeySchema, safeParse } from '@hearken/core';
import type { MiddlewareHandler } from 'hono';
import { InvalidInputError } from '../errors.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencySlot,
  purgeExpiredIdempotencyRecords,
  releaseIdempotencyKey,
} from '../services/idempotency.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';
import { toIssues } from './validate.ts';

/** How long a first response is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "in flight" after this long is taken to have died with its process. */
const ABANDONED_MS = 60 * 1000;

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
/** Expired records of every key are purged at most this often (a table scan), besides the slot's own. */
const PURGE_EVERY_MS = 60 * 1000;

/**
 * `Idempotency-Key` on every write (POST, PATCH, DELETE), v1 and v2: the first response (below
 * 500) is stored byte for byte and replayed for the same key, method, path and body; the same key
 * with another request is 422; while the first is still being processed, 409. Keys are per API
 * key. A 5xx is not stored, so the call can be retried. Runs after authentication.
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  let nextPurge = 0;
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined || !WRITES.has(c.req.method)) return next();
    const format = safeParse(idempotencyKeySchema, key);
    if (!format.success) throw new InvalidInputError(toIssues(format.issues, IDEMPOTENCY_KEY_HEADER));
    const { db, now } = c.var.services;
    const slot: IdempotencySlot = { workspaceId: c.var.caller.workspaceId, apiKeyId: c.var.caller.keyId, key };
    const body = await c.req.text();
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`).update(body).digest('hex');

    const started = now();
    const expiredBefore = new Date(started.getTime() - IDEMPOTENCY_TTL_MS);
    // Clients send a fresh key per write, so a slot is rarely claimed twice: without this, every
    // stored answer (webhook secrets among them) would be kept for good.
    if (started.getTime() >= nextPurge) {
      nextPurge = started.getTime() + PURGE_EVERY_MS;
      await purgeExpiredIdempotencyRecords(db.orm, expiredBefore);
    }
    const held = await claimIdempotencyKey(db.orm, slot, requestHash, started, expiredBefore);
    if (held) {
      if (held.requestHash !== requestHash) {
        throw new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another request');
      }
      if (held.responseStatus === null) {
        if (started.getTime() - held.createdAt.getTime() < ABANDONED_MS) {
          throw new HttpError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still in flight');
        }
        await releaseIdempotencyKey(db.orm, slot);
        throw new HttpError(409, 'idempotency_conflict', 'The earlier request with this key was abandoned; retry');
      }
      c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (held.responseType) c.header('Content-Type', held.responseType);
      // A 204 (or 205, 304) answer has no body, and a Response refuses one, even an empty string.
      const body = NULL_BODY_STATUSES.has(held.responseStatus) ? null : (held.responseBody ?? '');
      return c.newResponse(body, held.responseStatus as 200);
    }

    try {
      await next();
    } catch (error) {
      await releaseIdempotencyKey(db.orm, slot);
      throw error;
    }
    if (c.res.status >= 500) {
      await releaseIdempotencyKey(db.orm, slot);
      return;
    }
    const text = await c.res.clone().text();
    await completeIdempotencyKey(db.orm, slot, {
      status: c.res.status,
      body: text,
      type: c.res.headers.get('content-type'),
    });
  };
}
