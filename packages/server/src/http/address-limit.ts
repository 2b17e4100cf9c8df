import { RateLimiterRes } from 'rate-limiter-flexible';
import { outcomeOf, type RateLimitOptions, type RateLimitOutcome, storeLimiter } from './rate-limit.ts';

/** Requests per window one client address may send without a valid key, unless configured. */
export const UNAUTHENTICATED_PER_ADDRESS = 100;

/**
 * The limit on requests without a valid key, per client address bucket (`clientAddress`): a
 * flood of made-up keys from one place reaches the key lookup at most this often per window.
 */
export interface AddressLimiter {
  /** Where the address stands, counting nothing: `allowed` is false once it is past its limit. */
  peek(address: string): Promise<RateLimitOutcome>;
  /** Counts one request without a valid key; `allowed` is false for each one past the limit. */
  consume(address: string): Promise<RateLimitOutcome>;
}

export function createAddressLimiter(options: RateLimitOptions = {}): AddressLimiter {
  const points = options.unauthenticated ?? UNAUTHENTICATED_PER_ADDRESS;
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const limiter = storeLimiter(options, points, 'hearken:rl:address');
  return {
    async peek(address) {
      const res = await limiter.get(address);
      // No request counted in a window still running (the memory store keeps an ended one until
      // its timer removes it): the whole allowance, in a window that would start now.
      if (res === null || res.msBeforeNext <= 0)
        return outcomeOf(new RateLimiterRes(points, windowMs, 0), points, true);
      return outcomeOf(res, points, res.consumedPoints < points);
    },
    async consume(address) {
      try {
        return outcomeOf(await limiter.consume(address), points, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return outcomeOf(rejection, points, false);
        throw rejection;
      }
    },
  };
}
