import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { idempotencyRecords } from '../db/schema.ts';
import type { AppEnv } from './env.ts';
import { invalidRequest, ServiceError } from './errors.ts';

/** How long a first response is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "in flight" after this long is taken to have died with its process. */
const ABANDONED_MS = 60 * 1000;

/**
 * `Idempotency-Key` on a POST: the first response (below 500) is stored and replayed for the same
 * key and payload; the same key with another payload is 422; while the first is still being
 * processed, 409. Keys are per API key. A 5xx is not stored, so the call can be retried.
 */
export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw invalidRequest([{ path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' }]);
    }
    const { db, now } = c.var.services;
    const { keyId, workspaceId } = c.var.caller;
    const body = await c.req.text();
    const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n`).update(body).digest('hex');
    const where = and(eq(idempotencyRecords.apiKeyId, keyId), eq(idempotencyRecords.key, key));

    const started = now();
    // Forget an expired record, or an in-flight one whose process is gone.
    await db.orm
      .delete(idempotencyRecords)
      .where(and(where, lt(idempotencyRecords.createdAt, new Date(started.getTime() - IDEMPOTENCY_TTL_MS))));
    const claimed = await db.orm
      .insert(idempotencyRecords)
      .values({ workspaceId, apiKeyId: keyId, key, requestHash, createdAt: started })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });

    if (claimed.length === 0) {
      const [record] = await db.orm.select().from(idempotencyRecords).where(where);
      if (!record)
        throw new ServiceError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is in flight');
      if (record.requestHash !== requestHash) {
        throw new ServiceError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with another payload');
      }
      if (record.responseStatus === null) {
        if (started.getTime() - record.createdAt.getTime() < ABANDONED_MS) {
          throw new ServiceError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still in flight');
        }
        await db.orm.delete(idempotencyRecords).where(where);
        throw new ServiceError(409, 'idempotency_conflict', 'The earlier request with this key was abandoned; retry');
      }
      c.header('Idempotent-Replayed', 'true');
      return c.json(record.responseBody as object, record.responseStatus as 200);
    }

    try {
      await next();
    } catch (error) {
      await db.orm.delete(idempotencyRecords).where(where);
      throw error;
    }
    if (c.res.status >= 500) {
      await db.orm.delete(idempotencyRecords).where(where);
      return;
    }
    const responseBody = await c.res.clone().json();
    await db.orm.update(idempotencyRecords).set({ responseStatus: c.res.status, responseBody }).where(where);
  };
}
