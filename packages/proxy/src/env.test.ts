import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './env.ts';

describe('optionsFromEnv', () => {
  it('reads the documented variables', () => {
    expect(
      optionsFromEnv({
        HEARKEN_UPSTREAM: 'https://feedback.example',
        HEARKEN_API_KEY: 'cfs_v2_x',
        HEARKEN_ALLOWED_ORIGINS: 'https://a.example, https://b.example ,',
        HEARKEN_IDENTITY_SECRET: 's'.repeat(32),
        HEARKEN_IDENTITY_REQUIRED: 'true',
        HEARKEN_TRUST_PROXY: '1',
        HEARKEN_PORTAL: '30',
        REDIS_URL: 'redis://cache:6379',
        PORT: '9000',
        HOST: '0.0.0.0',
      }),
    ).toEqual({
      upstream: 'https://feedback.example',
      apiKey: 'cfs_v2_x',
      allowedOrigins: ['https://a.example', 'https://b.example'],
      identity: { secret: 's'.repeat(32), required: true },
      allowBroadKey: false,
      trustProxy: 1,
      portal: { maxAgeSeconds: 30 },
      redisUrl: 'redis://cache:6379',
      port: 9000,
      host: '0.0.0.0',
    });
  });

  it('defaults to no origins, no identity, loopback on 8787', () => {
    expect(optionsFromEnv({})).toEqual({
      upstream: '',
      apiKey: '',
      allowedOrigins: [],
      allowBroadKey: false,
      port: 8787,
      host: '127.0.0.1',
    });
  });
});
