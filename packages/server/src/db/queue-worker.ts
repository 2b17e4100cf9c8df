import { loggableError } from './loggable-error.ts';
import type { Db } from './open.ts';
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule } from './retry-schedule.ts';

/** The options the mail worker and the webhook delivery worker share, beside their own. */
export interface QueueWorkerOptions {
  db: Db;
  /** Retry schedule of failed attempts; tests compress it. Default `DEFAULT_RETRY_SCHEDULE` (about a day). */
  retry?: Partial<RetrySchedule>;
  /** How often the table is checked for due rows when nothing wakes the worker. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How often finished rows past their retention are deleted (the first time at start). Default 3 600 000 ms (hourly). */
  pruneIntervalMs?: number;
  /** The current time. Default `() => new Date()`. */
  clock?: () => Date;
  /** Told about failures of the worker itself (and of sends, not of webhook receivers). Default: logged to stderr. */
  onError?: (error: unknown) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A worker's round-top housekeeping: `prune` deletes the finished rows older than `retentionDays`,
 * at most once per `pruneIntervalMs`, the first time at once. A retention that is not a positive
 * number of days would delete history at once, so it is refused before anything runs.
 */
export function retentionPruner(
  settings: { pruneIntervalMs: number; clock: () => Date; retentionDays: number },
  prune: (before: Date) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  const { pruneIntervalMs, clock, retentionDays } = settings;
  if (!(retentionDays > 0)) throw new RangeError(`retentionDays must be a positive number, not ${retentionDays}`);
  let prunedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock().getTime();
    if (now - prunedAt < pruneIntervalMs) return;
    prunedAt = now;
    try {
      await prune(new Date(now - retentionDays * DAY_MS));
    } catch (error) {
      onError(error);
    }
  };
}

/** One claim of due rows: how many at most, made when, and how long no other worker may take them. */
export interface Claim {
  limit: number;
  now: Date;
  leaseMs: number;
}

/** A claim's instant, and when its lease runs out (both ISO, for SQL). */
export function leaseOf(claim: Claim): { at: string; lease: string } {
  return { at: claim.now.toISOString(), lease: new Date(claim.now.getTime() + claim.leaseMs).toISOString() };
}

/**
 * The shared options with their defaults (the poll and prune intervals, the clock, the retry
 * schedule over `DEFAULT_RETRY_SCHEDULE`, errors logged to stderr under `label`), and the
 * worker's retention with its own default.
 */
export function queueWorkerSettings(
  options: QueueWorkerOptions & { retentionDays?: number },
  defaults: { retentionDays: number; label: string },
) {
  return {
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    pruneIntervalMs: options.pruneIntervalMs ?? 60 * 60 * 1000,
    clock: options.clock ?? (() => new Date()),
    schedule: { ...DEFAULT_RETRY_SCHEDULE, ...options.retry } satisfies RetrySchedule,
    retentionDays: options.retentionDays ?? defaults.retentionDays,
    onError:
      options.onError ??
      ((error: unknown) => console.error(`[hearken-server] ${defaults.label}:`, loggableError(error))),
  };
}
