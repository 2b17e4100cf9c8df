import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Orm } from '../db/open.ts';
import { threads } from '../db/schema.ts';

/** Days a held thread (suspected spam) waits to be released before it is deleted, unless told otherwise. */
export const DEFAULT_HELD_RETENTION_DAYS = 30;

/** Threads deleted per statement, so one pass never holds many rows locked at once. */
const BATCH = 500;

/**
 * Deletes, for good, the threads still held that were created before `before`, with their
 * messages, attachments and upvote links (the foreign keys cascade). They were never shown nor
 * announced as created, so no event goes out. Returns how many went.
 */
export async function deleteExpiredHeld(orm: Orm, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await orm
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.moderation, 'held'), lt(threads.createdAt, before)))
      .limit(BATCH);
    if (batch.length === 0) return deleted;
    const gone = await orm
      .delete(threads)
      // Checked again: one released since it was read stays.
      .where(
        and(
          inArray(
            threads.id,
            batch.map((row) => row.id),
          ),
          eq(threads.moderation, 'held'),
        ),
      )
      .returning({ id: threads.id });
    deleted += gone.length;
    if (batch.length < BATCH) return deleted;
  }
}

export interface HeldRetentionOptions {
  db: Db;
  /** Days a held thread is kept unreleased. Default `DEFAULT_HELD_RETENTION_DAYS` (30). */
  retentionDays?: number;
  /** How often the sweep runs (the first time at start). Default 3 600 000 ms (hourly). */
  intervalMs?: number;
  /** The current time. Default `() => new Date()`. */
  clock?: () => Date;
  /** Told about a failed sweep. Default: logged to stderr. */
  onError?: (error: unknown) => void;
}

export interface HeldRetention {
  /** Stops the sweep and waits for one in flight. */
  stop(): Promise<void>;
}

/** Deletes held threads past their retention now and then every `intervalMs`. */
export function startHeldRetention(options: HeldRetentionOptions): HeldRetention {
  const {
    db,
    retentionDays = DEFAULT_HELD_RETENTION_DAYS,
    intervalMs = 60 * 60 * 1000,
    clock = () => new Date(),
    onError = (error: unknown) => console.error('[hearken-server] held thread retention:', error),
  } = options;
  // A mistaken retention would delete what waits for review at once: refuse it before anything runs.
  if (!(retentionDays > 0)) throw new RangeError(`retentionDays must be a positive number, not ${retentionDays}`);
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = deleteExpiredHeld(db.orm, new Date(clock().getTime() - retentionDays * 24 * 60 * 60 * 1000)).then(
      () => {},
      onError,
    );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
