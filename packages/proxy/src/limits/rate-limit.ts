import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import { sha256Hex } from '../http/sha256.ts';

/** A rate-limit rule: at most `points` requests per `duration` seconds. */
export interface RateLimitRule {
  points: number;
  duration: number;
}

/** The part of a rate-limiter-flexible limiter the proxy uses. */
export interface Limiter {
  /**
   * Resolves with the points consumed so far (`consumedPoints`) when allowed; rejects with a
   * `RateLimiterRes` (`msBeforeNext`) when the limit is reached.
   */
  consume(key: string, points?: number): Promise<unknown>;
  /** Gives points back (the key budget returns a write it refused). */
  reward(key: string, points?: number): Promise<unknown>;
  /** The points counted for `key` (`consumedPoints`), or null when there are none. */
  get(key: string): Promise<{ consumedPoints: number } | null>;
  /** Sets `key` to `points` for `seconds` (the key budget records the windows it learns this way). */
  set(key: string, points: number, seconds: number): Promise<unknown>;
}

/** Makes one limiter per rule; `memoryLimiters` by default, `redisLimiters(client)` to share counts between instances. */
export type LimiterFactory = (rule: RateLimitRule & { keyPrefix: string }) => Limiter;

/** In-process counters: right for a single instance, or per instance behind a load balancer. */
export const memoryLimiters: LimiterFactory = (rule) => new RateLimiterMemory(rule);

/**
 * `limiters` with every count kept under `scope`: the proxy scopes a store it is given by its key
 * ({@link keyScope}), so proxies for other keys sharing the store (another workspace, a staging
 * proxy) count apart, while instances of one key share their counts.
 */
export const scopedLimiters =
  (limiters: LimiterFactory, scope: string): LimiterFactory =>
  (rule) =>
    limiters({ ...rule, keyPrefix: `${rule.keyPrefix}:${scope}` });

/** The scope of the proxies that write with `apiKey`: its SHA-256, shortened, so the key never reaches the store. */
export async function keyScope(apiKey: string): Promise<string> {
  return (await sha256Hex(apiKey)).slice(0, 16);
}

/**
 * Takes one point for `key`. Returns null when allowed, else the seconds to wait. A limiter that
 * fails for another reason (its store is down) rethrows: the caller refuses rather than fail open.
 */
export async function takePoint(limiter: Limiter, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (error) {
    const wait = (error as { msBeforeNext?: unknown } | null)?.msBeforeNext;
    if (typeof wait === 'number') return Math.max(1, Math.ceil(wait / 1000));
    throw error;
  }
}
