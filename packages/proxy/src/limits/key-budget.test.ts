import { redisUrl } from '@hearken/test-support/services';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyBudget, keyWindowOf } from './key-budget.ts';
import { keyScope, memoryLimiters, scopedLimiters } from './rate-limit.ts';
import { redisLimiters } from './redis.ts';

const NOW = 1_800_000_000_000;
const clock = () => NOW;
/** The key's window as the service reports it after `spent` writes: 60 a minute, 30 s left. */
const window = (spent = 0) => ({ limit: 60, remaining: 60 - spent, reset: NOW / 1000 + 30 });

/** Takes writes for `sources` in turn until every one of them is refused; counts what each got. */
async function flood(budget: ReturnType<typeof createKeyBudget>, sources: string[]): Promise<Map<string, number>> {
  const taken = new Map(sources.map((source) => [source, 0]));
  const refused = new Set<string>();
  while (refused.size < sources.length) {
    for (const source of sources) {
      if (refused.has(source)) continue;
      if ((await budget.take(source)) === null) taken.set(source, (taken.get(source) ?? 0) + 1);
      else refused.add(source);
    }
  }
  return taken;
}

describe('the key budget', () => {
  it('gives one busy source at most a third of the budget (60 less a 10% reserve)', async () => {
    const budget = createKeyBudget(memoryLimiters, 0.1, clock);
    budget.learn(window());
    const taken = await flood(budget, ['ip:busy']);
    expect(taken.get('ip:busy')).toBe(18);
    expect(await budget.take('ip:newcomer')).toBeNull();
  });

  it('leaves four flooding sources room for every newcomer, and answers the wait until the window reopens', async () => {
    const budget = createKeyBudget(memoryLimiters, 0.1, clock);
    budget.learn(window());
    const attackers = ['ip:a', 'ip:b', 'ip:c', 'ip:d'];
    const taken = await flood(budget, attackers);
    const total = [...taken.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBeLessThanOrEqual(Math.ceil((54 * 4) / 6));
    const newcomers = Array.from({ length: 54 - total }, (_, index) => `ip:visitor-${index}`);
    for (const visitor of newcomers) expect(await budget.take(visitor)).toBeNull();
    // The budget is spent now: everyone waits for the window the service reported.
    expect(await budget.take('ip:late')).toBe(30);
  });

  it('counts writes the service reports from elsewhere, and starts afresh in the next window', async () => {
    let now = NOW;
    const budget = createKeyBudget(memoryLimiters, 0.1, () => now);
    budget.learn(window(54));
    expect(await budget.take('ip:a')).toBe(30);
    now += 31_000;
    expect(await budget.take('ip:a')).toBeNull();
  });

  it('reads the window from the X-RateLimit headers, and nothing from missing or odd ones', () => {
    // Looked up as Headers.get does, whatever the case of the name.
    const headers = (values: Record<string, string>) => ({
      header: (name: string) => values[name.toLowerCase()] ?? null,
    });
    expect(
      keyWindowOf(
        headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1800000030' }),
      ),
    ).toEqual({ limit: 60, remaining: 7, reset: 1_800_000_030 });
    expect(keyWindowOf(headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '7' }))).toBeNull();
    expect(
      keyWindowOf(headers({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1' })),
    ).toBeNull();
  });
});

describe('the key budget shared through Redis', () => {
  let client: Redis;
  beforeAll(async () => {
    client = new Redis(redisUrl(), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await new Promise((resolve) => client.once('ready', resolve));
  });
  afterAll(async () => {
    await client.quit();
  });

  it("does not hand an instance started minutes later the count of another's first window", async () => {
    // A time of its own, so no other test's counters in this Redis share its windows.
    const start = NOW + 7_000_000;
    const first = createKeyBudget(redisLimiters(client), 0.1, () => start);
    const taken = await flood(first, ['ip:early']);
    expect(taken.get('ip:early')).toBe(18);
    // Another instance, five minutes on, before either has heard from the service: a fresh window.
    const second = createKeyBudget(redisLimiters(client), 0.1, () => start + 5 * 60_000);
    expect(await second.take('ip:early')).toBeNull();
  });

  it('shares the count of one window between instances, before and after the first reply', async () => {
    const start = NOW + 9_000_000;
    const first = createKeyBudget(redisLimiters(client), 0.1, () => start);
    const second = createKeyBudget(redisLimiters(client), 0.1, () => start + 1000);
    expect((await flood(first, ['ip:busy'])).get('ip:busy')).toBe(18);
    expect(await second.take('ip:busy')).toBe(1);
    // The first reply names the window its writes were counted in, so the count carries on.
    first.learn({ limit: 60, remaining: 60, reset: start / 1000 + 30 });
    expect(await first.take('ip:busy')).toBe(30);
  });

  it("keeps the budgets of proxies for different keys apart in one Redis, and shares one key's", async () => {
    // The same clock for all three: unscoped, their windows would have the same names.
    const start = NOW + 13_000_000;
    const scoped = async (key: string) =>
      createKeyBudget(scopedLimiters(redisLimiters(client), await keyScope(key)), 0.1, () => start);
    const first = await scoped('cfs_v2_first');
    const taken = await flood(first, ['ip:a', 'ip:b', 'ip:c', 'ip:d']);
    const spent = [...taken.values()].reduce((sum, count) => sum + count, 0);
    expect(spent).toBeGreaterThan(30);
    // Another key's proxy still has its whole budget: the busiest address gets its third of it.
    expect((await flood(await scoped('cfs_v2_other'), ['ip:a'])).get('ip:a')).toBe(18);
    // Another instance for the first key counts on from what its peer took.
    expect(await (await scoped('cfs_v2_first')).take('ip:a')).toBe(1);
    expect(await keyScope('cfs_v2_first')).toMatch(/^[0-9a-f]{16}$/);
  });

  it("has an instance started within another's second window count that window, never the first one's", async () => {
    // A minute of its own; the service's window began before either instance and ends 25 s in.
    const minute = Math.floor((NOW + 11_000_000) / 60_000) * 60_000;
    let now = minute + 5_000;
    const first = createKeyBudget(redisLimiters(client), 0.1, () => now);
    expect((await flood(first, ['ip:busy'])).get('ip:busy')).toBe(18);
    first.learn({ limit: 60, remaining: 20, reset: (minute + 30_000) / 1000 });
    // The service's next window: the first instance counts it afresh.
    now = minute + 35_000;
    expect(await first.take('ip:busy')).toBeNull();
    first.learn({ limit: 60, remaining: 59, reset: (minute + 90_000) / 1000 });
    // Another instance starts in that window, in the same minute the first one's first window was named by.
    const second = createKeyBudget(redisLimiters(client), 0.1, () => now + 5_000);
    expect(await second.take('ip:busy')).toBeNull();
    expect(await second.take('ip:other')).toBeNull();
    // Both count the one window: the busy address has its third of it, across the two instances.
    const taken = await flood(first, ['ip:busy']);
    expect(2 + (taken.get('ip:busy') ?? 0)).toBe(18);
    // It waits for the window the first instance learned, though it has had no reply itself.
    expect(await second.take('ip:busy')).toBe(50);
  });
});
