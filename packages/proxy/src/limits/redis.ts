import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimiterFactory } from './rate-limit.ts';

/**
 * Limiters that share their counts through Redis, so several proxy instances enforce one limit.
 * While Redis is unreachable each instance falls back to its own in-memory counts instead of
 * letting everything through.
 */
export function redisLimiters(client: Redis): LimiterFactory {
  return (rule) =>
    new RateLimiterRedis({
      ...rule,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.duration }),
    });
}
