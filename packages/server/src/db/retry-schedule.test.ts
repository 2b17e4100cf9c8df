import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, retryDelay } from './retry-schedule.ts';

describe('retryDelay', () => {
  it('backs off exponentially up to the cap, for about a day in all, then gives up', () => {
    const middle = () => 0.5;
    const delays: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const delay = retryDelay(DEFAULT_RETRY_SCHEDULE, attempts, middle);
      if (delay === undefined) break;
      delays.push(delay);
    }
    expect(delays).toHaveLength(DEFAULT_RETRY_SCHEDULE.maxAttempts - 1);
    expect(delays.slice(0, 3)).toEqual([5_000, 20_000, 80_000]);
    expect(Math.max(...delays)).toBe(6 * 3600_000);
    const hours = delays.reduce((sum, delay) => sum + delay, 0) / 3600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(30);
  });

  it('moves each wait by at most the jitter either way', () => {
    expect(retryDelay(DEFAULT_RETRY_SCHEDULE, 2, () => 0)).toBe(16_000);
    expect(retryDelay(DEFAULT_RETRY_SCHEDULE, 2, () => 0.999999)).toBe(24_000);
  });
});
