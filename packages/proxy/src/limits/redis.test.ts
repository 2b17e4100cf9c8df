import { type CreateThreadInput, RATE_LIMIT_HEADERS } from '@hearken/core';
import { redisUrl } from '@hearken/test-support/services';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxy } from '../handler/create-proxy.ts';
import { createdRow, fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { keyScope } from './rate-limit.ts';
import { redisLimiters } from './redis.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type Handler = Awaited<ReturnType<typeof createProxy>>;

const post = (handler: Handler, clientIp: string) =>
  handler(
    new Request('http://proxy.test/api/v2/threads', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: '{"text":"hi"}',
    }),
    { clientIp },
  );

/** Posts from `clientIp` until one is refused; the number that got through. */
async function postUntilRefused(handler: Handler, clientIp: string): Promise<number> {
  for (let accepted = 0; ; accepted++) {
    const response = await post(handler, clientIp);
    if (response.status === 429) return accepted;
    expect(response.status).toBe(201);
  }
}

describe('redisLimiters', () => {
  it('keeps limiting from memory while Redis is unreachable', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    cleanups.push(() => redis.disconnect());
    const handler = await createProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: fakeUpstream().fetch,
      rateLimit: { perIp: { points: 1, duration: 60 }, limiters: redisLimiters(redis) },
    });
    const post = () =>
      handler(
        new Request('http://proxy.test/api/v2/threads', {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: '{"text":"hi"}',
        }),
        { clientIp: '10.1.1.1' },
      );
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(429);
  });
});

describe('two proxy instances on one Redis', () => {
  it("never hand an instance started within another's second window the count of its first", async () => {
    const client = new Redis(redisUrl(), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    cleanups.push(() => client.quit().then(() => {}));
    await new Promise((resolve) => client.once('ready', resolve));
    // A minute of its own (far from any other test's), 5 s in; the service's first window ends 30 s in.
    const minute = (Math.floor(Date.now() / 60_000) + 5_000) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: minute + 5_000 });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    // The service: 60 writes a window, its windows ending 30 s and 90 s into the minute.
    const ends = [minute + 30_000, minute + 90_000];
    const used = new Map<number, number>();
    const upstream = fakeUpstream({
      threads: (call) => {
        const end = ends.find((candidate) => candidate > Date.now()) ?? 0;
        used.set(end, (used.get(end) ?? 0) + 1);
        return createdRow(call.body as CreateThreadInput, {
          [RATE_LIMIT_HEADERS.limit]: '60',
          [RATE_LIMIT_HEADERS.remaining]: String(60 - (used.get(end) ?? 0)),
          [RATE_LIMIT_HEADERS.reset]: String(end / 1000),
        });
      },
    });
    const instance = () =>
      createProxy({
        upstream: 'http://service.test',
        apiKey: KEY,
        allowedOrigins: [ORIGIN],
        fetch: upstream.fetch,
        rateLimit: { perIp: false, limiters: redisLimiters(client) },
      });
    const first = await instance();
    // One busy address takes its share of the first window (a third of 54: 60 less the reserve).
    const firstShare = await postUntilRefused(first, '2001:db8:5::1');
    expect(firstShare).toBe(18);
    // The service's second window, still in the same minute: the first instance counts it afresh.
    vi.setSystemTime(minute + 35_000);
    expect((await post(first, '2001:db8:5::2')).status).toBe(201);
    // A second instance starts now, before any reply of its own, and serves the same address.
    vi.setSystemTime(minute + 40_000);
    const second = await instance();
    const secondShare = await postUntilRefused(second, '2001:db8:5::3');
    // Both count the one window: the address's share of it, split between the two instances.
    expect(1 + secondShare).toBe(18);
    expect((await post(first, '2001:db8:5::4')).status).toBe(429);
    // Counted under the key's scope, never the key itself: proxies for other keys here count apart.
    const stored = await client.keys('hearken-proxy-key-budget*');
    const scope = await keyScope(KEY);
    expect(stored.some((name) => name.startsWith(`hearken-proxy-key-budget:${scope}:`))).toBe(true);
    expect(stored.filter((name) => name.includes(KEY))).toEqual([]);
  });
});
