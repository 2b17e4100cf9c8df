import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import type { Limiter, LimiterFactory } from '../config/options.ts';

/** In-process counters: right for a single instance, or per instance behind a load balancer. */
export const memoryLimiters: LimiterFactory = (rule) => new RateLimiterMemory(rule);

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
