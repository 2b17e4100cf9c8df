import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxy } from '../handler/create-proxy.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { redisLimiters } from './redis.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

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
