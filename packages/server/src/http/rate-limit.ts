import { RATE_LIMIT_HEADERS } from '@hearken/core';
import type { Context } from 'hono';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Rate limits per API key and method class, and per client address for requests without a valid
 * key. Defaults: 1000 reads and 60 writes per 60 s per key, 100 requests per 60 s per address.
 */
export interface RateLimitOptions {
  /** Calls per window for GET and HEAD. Default 1000. */
  reads?: number;
  /** Calls per window for POST, PATCH, PUT and DELETE. Default 60. */
  writes?: number;
  /** Window length in seconds. Default 60. */
  windowSeconds?: number;
  /**
   * Requests per window from one client address (an IPv6 client by its /64) that carry no valid
   * key: missing, unknown, revoked or of the other generation, or unreadable. Past it, that
   * address is answered 429 until its window ends, without a key lookup. Default 100.
   */
  unauthenticated?: number;
  /**
   * An ioredis client; counters then live in Redis and are shared by every server process.
   * Without it they live in this process's memory.
   */
  redis?: unknown;
}

export type MethodClass = 'read' | 'write';

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
  /** Seconds to wait before retrying, when not allowed. */
  retryAfter: number;
}

export interface RateLimiter {
  consume(subject: string, methodClass: MethodClass): Promise<RateLimitOutcome>;
}

export const methodClassOf = (method: string): MethodClass =>
  method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'read' : 'write';

/** A limiter of `points` per window, in the store `options` name (Redis, else this process's memory). */
export function storeLimiter(options: RateLimitOptions, points: number, keyPrefix: string): RateLimiterAbstract {
  const duration = options.windowSeconds ?? 60;
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  if (!options.redis) return memory;
  // If Redis is unreachable the per-process counters keep limiting instead of failing requests.
  return new RateLimiterRedis({ storeClient: options.redis, points, duration, keyPrefix, insuranceLimiter: memory });
}

/** A limiter's answer as the headers say it: `points` the limit, `allowed` whether this request may go on. */
export const outcomeOf = (res: RateLimiterRes, points: number, allowed: boolean): RateLimitOutcome => ({
  allowed,
  limit: points,
  remaining: Math.max(0, res.remainingPoints),
  reset: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
  retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/** Sets X-RateLimit-Limit, -Remaining and -Reset (core's names) on the answer, and Retry-After when refused. */
export function setRateLimitHeaders(c: Context, outcome: RateLimitOutcome): void {
  c.header(RATE_LIMIT_HEADERS.limit, String(outcome.limit));
  c.header(RATE_LIMIT_HEADERS.remaining, String(outcome.remaining));
  c.header(RATE_LIMIT_HEADERS.reset, String(outcome.reset));
  if (!outcome.allowed) c.header('Retry-After', String(outcome.retryAfter));
}

export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const make = (points: number, keyPrefix: string) => storeLimiter(options, points, keyPrefix);
  const limiters = {
    read: { points: options.reads ?? 1000, limiter: make(options.reads ?? 1000, 'hearken:rl:read') },
    write: { points: options.writes ?? 60, limiter: make(options.writes ?? 60, 'hearken:rl:write') },
  };
  return {
    async consume(subject, methodClass) {
      const { points, limiter } = limiters[methodClass];
      try {
        return outcomeOf(await limiter.consume(subject), points, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return outcomeOf(rejection, points, false);
        throw rejection;
      }
    },
  };
}
