import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadinessCheck } from '@hearken/core';
import { sql } from 'drizzle-orm';
import { type Db, findMigrations } from '../db/open.ts';

/** A readiness probe is answered within this, whatever a dependency does. */
const CHECK_TIMEOUT_MS = 2_000;

/** What a readiness check reaches: the database, and Redis when rate limits are kept there. */
export interface ReadinessDeps {
  db: Db;
  /** An ioredis client, when one is configured. */
  redis?: unknown;
}

class CheckTimeout extends Error {
  override readonly name = 'CheckTimeout';
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** When the newest migration this build ships was written: a database that applied it is up to date. */
let latestMigration: number | undefined;
function latestMigrationMillis(): number {
  latestMigration ??= Math.max(
    ...(
      JSON.parse(readFileSync(join(findMigrations(), 'meta', '_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      }
    ).entries.map((entry) => entry.when),
  );
  return latestMigration;
}

/** `ok`, `unreachable`, `timeout`, or `not_migrated` when the database lacks this build's newest migration. */
async function checkDatabase(db: Db): Promise<ReadinessCheck> {
  try {
    const result = await within(
      db.orm.execute(sql`select max(created_at)::bigint as latest from drizzle.__drizzle_migrations`),
      CHECK_TIMEOUT_MS,
    );
    const latest = Number((result as unknown as { rows: { latest: string | number | null }[] }).rows[0]?.latest ?? 0);
    return latest >= latestMigrationMillis() ? 'ok' : 'not_migrated';
  } catch (error) {
    if (error instanceof CheckTimeout) return 'timeout';
    // Drizzle wraps the driver's error. 42P01 and 3F000: no migrations table, or not even its schema.
    const failure = error as { code?: string; cause?: { code?: string } };
    const code = failure.code ?? failure.cause?.code;
    return code === '42P01' || code === '3F000' ? 'not_migrated' : 'unreachable';
  }
}

async function checkRedis(redis: unknown): Promise<ReadinessCheck> {
  try {
    await within((redis as { ping(): Promise<unknown> }).ping(), CHECK_TIMEOUT_MS);
    return 'ok';
  } catch (error) {
    return error instanceof CheckTimeout ? 'timeout' : 'unreachable';
  }
}

/** Each dependency's state, checked side by side; Redis only when it is configured. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Record<string, ReadinessCheck>> {
  const [database, redis] = await Promise.all([
    checkDatabase(deps.db),
    deps.redis ? checkRedis(deps.redis) : Promise.resolve(null),
  ]);
  return redis === null ? { database } : { database, redis };
}
