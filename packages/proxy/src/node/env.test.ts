import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../config/resolve-options.ts';
import { issueReceipt, verifyReceipt } from '../receipts/receipt.ts';
import { receiptsFor } from '../receipts/settings.ts';
import { RECEIPTS_SCOPE, REQUIRED_SCOPE } from '../upstream/startup-check.ts';
import { envProblems, envSchema, operateFromEnv, optionsFromEnv, PROXY_ENV, proxyUsage } from './env.ts';

describe('optionsFromEnv', () => {
  it('reads the documented variables', () => {
    expect(
      optionsFromEnv({
        HEARKEN_UPSTREAM: 'https://feedback.example',
        HEARKEN_API_KEY: 'cfs_v2_x',
        HEARKEN_ALLOWED_ORIGINS: 'https://a.example, https://b.example ,',
        HEARKEN_IDENTITY_SECRET: 's'.repeat(32),
        HEARKEN_IDENTITY_REQUIRED: 'true',
        HEARKEN_IDENTITY_AUDIENCE: ' hearken-feedback ',
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
      identity: { secret: 's'.repeat(32), required: true, audience: 'hearken-feedback' },
      allowBroadKey: false,
      trustProxy: 1,
      portal: { maxAgeSeconds: 30 },
      redisUrl: 'redis://cache:6379',
      port: 9000,
      host: '0.0.0.0',
      metrics: {},
    });
  });

  it('serves metrics beside the proxy by default, or on HEARKEN_METRICS_PORT, with HEARKEN_METRICS_TOKEN', () => {
    expect(optionsFromEnv({ HEARKEN_METRICS_PORT: '9101', HEARKEN_METRICS_TOKEN: ' scrape ' }).metrics).toEqual({
      port: 9101,
      token: 'scrape',
    });
    expect(operateFromEnv({})).toEqual({ logFormat: null, graceSeconds: 10 });
    expect(operateFromEnv({ HEARKEN_LOG_FORMAT: 'pretty', HEARKEN_SHUTDOWN_GRACE_SECONDS: '2.5' })).toEqual({
      logFormat: 'pretty',
      graceSeconds: 2.5,
    });
    expect(
      envProblems({
        ...VALID,
        HEARKEN_LOG_FORMAT: 'xml',
        HEARKEN_METRICS_PORT: 'high',
        HEARKEN_SHUTDOWN_GRACE_SECONDS: '-1',
      }),
    ).toEqual([
      'HEARKEN_LOG_FORMAT must be json or pretty',
      'HEARKEN_METRICS_PORT must be a port number, 0-65535',
      'HEARKEN_SHUTDOWN_GRACE_SECONDS must be a number of seconds, 0 or more',
    ]);
  });

  it('defaults to no origins, no identity, loopback on 8787', () => {
    expect(optionsFromEnv({})).toEqual({
      upstream: '',
      apiKey: '',
      allowedOrigins: [],
      allowBroadKey: false,
      port: 8787,
      host: '127.0.0.1',
      metrics: {},
    });
  });
});

const VALID = {
  HEARKEN_UPSTREAM: 'https://feedback.example',
  HEARKEN_API_KEY: 'cfs_v2_x',
  HEARKEN_ALLOWED_ORIGINS: 'https://www.example.com',
};

describe('envProblems', () => {
  it('accepts a complete environment', () => {
    expect(envProblems(VALID)).toEqual([]);
  });

  it('names every missing variable at once', () => {
    const problems = envProblems({});
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^HEARKEN_UPSTREAM is required/);
    expect(problems[1]).toMatch(/^HEARKEN_API_KEY is required/);
    expect(problems[2]).toMatch(/^HEARKEN_ALLOWED_ORIGINS is required/);
  });

  it('refuses an empty origin list instead of starting to refuse every browser', () => {
    expect(envProblems({ ...VALID, HEARKEN_ALLOWED_ORIGINS: ' , ' })).toEqual([
      expect.stringMatching(/^HEARKEN_ALLOWED_ORIGINS is empty, so every browser would be refused/),
    ]);
  });

  it('names each malformed value by its variable', () => {
    const problems = envProblems({
      ...VALID,
      HEARKEN_UPSTREAM: 'feedback.example',
      HEARKEN_ALLOWED_ORIGINS: 'https://www.example.com/path',
      HEARKEN_IDENTITY_SECRET: 'short',
      HEARKEN_IDENTITY_REQUIRED: 'maybe',
      HEARKEN_TRUST_PROXY: '-1',
      HEARKEN_PORTAL: 'sometimes',
      REDIS_URL: 'localhost:6379',
      PORT: '70000',
    });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'HEARKEN_UPSTREAM',
      'HEARKEN_ALLOWED_ORIGINS',
      'HEARKEN_IDENTITY_SECRET',
      'HEARKEN_IDENTITY_REQUIRED',
      'HEARKEN_TRUST_PROXY',
      'HEARKEN_PORTAL',
      'REDIS_URL',
      'PORT',
    ]);
  });
  it('counts a blank variable as unset and never quotes the key or the secret', () => {
    const problems = envProblems({ ...VALID, HEARKEN_API_KEY: '  ', HEARKEN_IDENTITY_SECRET: 'too-short-secret' });
    expect(problems).toEqual([
      expect.stringMatching(/^HEARKEN_API_KEY is required/),
      'HEARKEN_IDENTITY_SECRET must be at least 32 bytes',
    ]);
    expect(problems.join('\n')).not.toContain('too-short-secret');
  });

  it('refuses HEARKEN_IDENTITY_REQUIRED without a secret instead of starting to take anonymous feedback', () => {
    const problems = envProblems({ ...VALID, HEARKEN_IDENTITY_REQUIRED: 'true' });
    expect(problems).toEqual([expect.stringMatching(/^HEARKEN_IDENTITY_REQUIRED .*HEARKEN_IDENTITY_SECRET/)]);
    // Listed with the other problems, not only once they are fixed.
    expect(envProblems({ HEARKEN_IDENTITY_REQUIRED: 'yes' })).toHaveLength(4);
    expect(envProblems({ ...VALID, HEARKEN_IDENTITY_REQUIRED: 'false' })).toEqual([]);
    expect(
      envProblems({ ...VALID, HEARKEN_IDENTITY_REQUIRED: 'true', HEARKEN_IDENTITY_SECRET: 's'.repeat(32) }),
    ).toEqual([]);
  });

  it('serves the changelog only in portal mode: HEARKEN_PORTAL_CHANGELOG needs HEARKEN_PORTAL', () => {
    expect(envProblems({ ...VALID, HEARKEN_PORTAL_CHANGELOG: 'true' })).toEqual([
      'HEARKEN_PORTAL_CHANGELOG needs HEARKEN_PORTAL, the portal mode it is part of',
    ]);
    expect(envProblems({ ...VALID, HEARKEN_PORTAL: 'off', HEARKEN_PORTAL_CHANGELOG: 'yes' })).toHaveLength(1);
    expect(envProblems({ ...VALID, HEARKEN_PORTAL_CHANGELOG: 'sometimes', HEARKEN_PORTAL: 'true' })).toEqual([
      'HEARKEN_PORTAL_CHANGELOG must be true or false',
    ]);
    expect(optionsFromEnv({ ...VALID, HEARKEN_PORTAL: 'true', HEARKEN_PORTAL_CHANGELOG: 'true' }).portal).toEqual({
      changelog: true,
    });
    expect(optionsFromEnv({ ...VALID, HEARKEN_PORTAL: '15', HEARKEN_PORTAL_CHANGELOG: 'on' }).portal).toEqual({
      maxAgeSeconds: 15,
      changelog: true,
    });
    expect(optionsFromEnv({ ...VALID, HEARKEN_PORTAL: 'true', HEARKEN_PORTAL_CHANGELOG: 'false' }).portal).toBe(true);
    expect(proxyUsage()).toMatch(/HEARKEN_PORTAL_CHANGELOG .*changelogs:read/);
  });

  it('turns screenshots on with HEARKEN_MESSAGES_SECRET (32+ bytes); the image size needs it', () => {
    expect(optionsFromEnv({ ...VALID, HEARKEN_MESSAGES_SECRET: 't'.repeat(32) }).messages).toEqual({
      ticketSecret: 't'.repeat(32),
    });
    expect(
      optionsFromEnv({ ...VALID, HEARKEN_MESSAGES_SECRET: 't'.repeat(32), HEARKEN_MAX_IMAGE_BYTES: '1000000' })
        .messages,
    ).toEqual({ ticketSecret: 't'.repeat(32), maxImageBytes: 1_000_000 });
    expect(optionsFromEnv(VALID).messages).toBeUndefined();
    expect(envProblems({ ...VALID, HEARKEN_MESSAGES_SECRET: 'short' })).toEqual([
      'HEARKEN_MESSAGES_SECRET must be at least 32 bytes',
    ]);
    expect(envProblems({ ...VALID, HEARKEN_MAX_IMAGE_BYTES: '1000' })).toEqual([
      'HEARKEN_MAX_IMAGE_BYTES needs HEARKEN_MESSAGES_SECRET, which turns screenshots on',
    ]);
    expect(envProblems({ ...VALID, HEARKEN_MESSAGES_SECRET: 't'.repeat(32), HEARKEN_MAX_IMAGE_BYTES: '2MB' })).toEqual([
      'HEARKEN_MAX_IMAGE_BYTES must be a whole number of bytes above 0',
    ]);
    expect(proxyUsage()).toMatch(/HEARKEN_MESSAGES_SECRET .*messages:write.*\(default: none: screenshots off\)/);
  });

  it('names the origin at fault in the list', () => {
    expect(envProblems({ ...VALID, HEARKEN_ALLOWED_ORIGINS: 'https://a.example, a.example/feedback' })).toEqual([
      'HEARKEN_ALLOWED_ORIGINS "a.example/feedback" is not an origin (scheme://host[:port], no path)',
    ]);
  });

  it('signs receipts with HEARKEN_RECEIPT_SECRET (32+ bytes), else leaves them derived from the key', () => {
    expect(optionsFromEnv({ ...VALID, HEARKEN_RECEIPT_SECRET: 'r'.repeat(32) }).receipts).toEqual({
      secret: 'r'.repeat(32),
    });
    expect(optionsFromEnv(VALID)).not.toHaveProperty('receipts');
    expect(envProblems({ ...VALID, HEARKEN_RECEIPT_SECRET: 'short' })).toEqual([
      'HEARKEN_RECEIPT_SECRET must be at least 32 bytes',
    ]);
    expect(proxyUsage()).toMatch(/HEARKEN_RECEIPT_SECRET .*key rotation \(default: derived from HEARKEN_API_KEY/);
  });

  it('keeps the receipts browsers hold valid across a key rotation with HEARKEN_RECEIPT_SECRET', async () => {
    const key = { scopes: [REQUIRED_SCOPE, RECEIPTS_SCOPE], workspaceId: 'ws_1' };
    /** The receipts' secret of a proxy started from `env` with the key `apiKey`. */
    const secretOf = async (apiKey: string, env: Record<string, string> = {}) => {
      // What startProxy keeps for itself (where to listen) is no option of the proxy.
      const { port, host, metrics, ...options } = optionsFromEnv({ ...VALID, ...env, HEARKEN_API_KEY: apiKey });
      return (await receiptsFor(resolveOptions(options), key))!.secret;
    };
    const held = (secret: Uint8Array) => issueReceipt(secret, 'thread_1', new Date()) as Promise<string>;

    const env = { HEARKEN_RECEIPT_SECRET: 'a receipt secret of 32+ bytes, kept' };
    const receipt = await held(await secretOf('cfs_v2_old', env));
    expect(await verifyReceipt(await secretOf('cfs_v2_new', env), receipt)).toEqual({ ok: true, threadId: 'thread_1' });

    const derived = await held(await secretOf('cfs_v2_old'));
    expect(await verifyReceipt(await secretOf('cfs_v2_new'), derived)).toEqual({ ok: false, message: 'is not valid' });
  });

  it('checks every documented variable but HOST, in the order --help lists them', () => {
    expect(Object.keys(envSchema.shape)).toEqual(PROXY_ENV.map(({ name }) => name).filter((name) => name !== 'HOST'));
  });
});

describe('proxyUsage', () => {
  it('lists every variable the proxy reads, with the defaults', () => {
    const usage = proxyUsage();
    for (const variable of PROXY_ENV) expect(usage).toContain(variable.name);
    expect(usage).toContain('(default: 8787)');
  });

  it("is the README's environment table, a row for each variable", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = readme.split('\n').filter((line) => /^\| `[A-Z_]+`/.test(line));
    const documented = rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]),
    );
    expect(documented).toEqual(PROXY_ENV.map(({ name }) => name));
  });
});
