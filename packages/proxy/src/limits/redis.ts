import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimiterFactory } from './rate-limit.ts';

/**
 * Limiters that share their counts through Redis, so several proxy instances enforce one limit.
 * While Redis is unreachable each instance falls back to its own in-memory counts instead of
 * letting everything through. `scope` keeps one deployment's counts apart from any other's in the
 * same Redis: instances with the same scope share their counts, others never see them.
 */
export function redisLimiters(client: Redis, scope?: string): LimiterFactory {
  return (rule) =>
    new RateLimiterRedis({
      ...rule,
      keyPrefix: scope ? `${rule.keyPrefix}:${scope}` : rule.keyPrefix,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.duration }),
    });
}

/**
 * The scope of the proxies that write with `apiKey`: its SHA-256, shortened (the key itself never
 * goes to Redis). The key's write budget is the key's alone, so proxies for another key (another
 * workspace, a staging proxy) sharing the Redis count apart.
 */
export const keyScope = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
