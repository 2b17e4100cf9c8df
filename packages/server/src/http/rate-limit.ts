import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Rate limits per API key and method class. Defaults: 1000 reads and 60 writes per 60 s. */
export interface RateLimitOptions {
  /** Calls per window for GET and HEAD. Default 1000. */
  reads?: number;
  /** Calls per window for POST, PATCH, PUT and DELETE. Default 60. */
  writes?: number;
  /** Window length in seconds. Default 60. */
  windowSeconds?: number;
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

export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const duration = options.windowSeconds ?? 60;
  const make = (points: number, keyPrefix: string): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ points, duration, keyPrefix });
    if (!options.redis) return memory;
    // If Redis is unreachable the per-process counters keep limiting instead of failing requests.
    return new RateLimiterRedis({ storeClient: options.redis, points, duration, keyPrefix, insuranceLimiter: memory });
  };
  const limiters = {
    read: { points: options.reads ?? 1000, limiter: make(options.reads ?? 1000, 'hearken:rl:read') },
    write: { points: options.writes ?? 60, limiter: make(options.writes ?? 60, 'hearken:rl:write') },
  };
  return {
    async consume(subject, methodClass) {
      const { points, limiter } = limiters[methodClass];
      const outcome = (res: RateLimiterRes, allowed: boolean): RateLimitOutcome => ({
        allowed,
        limit: points,
        remaining: Math.max(0, res.remainingPoints),
        reset: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
        retryAfter: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      });
      try {
        return outcome(await limiter.consume(subject), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return outcome(rejection, false);
        throw rejection;
      }
    },
  };
}
