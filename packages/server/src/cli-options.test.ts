import { describe, expect, it } from 'vitest';
import { parseCli, SERVER_USAGE } from './cli-options.ts';

describe('parseCli', () => {
  it('starts on the defaults with no arguments and no environment', () => {
    expect(parseCli([], {})).toEqual({
      help: false,
      options: {
        port: 4000,
        host: '127.0.0.1',
        data: '.hearken/data',
        seed: 'none',
        webhooks: { allowLoopback: false },
        operate: { graceSeconds: 10 },
        trustProxy: 0,
      },
    });
  });

  it('takes the trusted proxy hops from --trust-proxy, else HEARKEN_TRUST_PROXY, and the limits from their flags', () => {
    expect(parseCli(['--trust-proxy', '2'], { HEARKEN_TRUST_PROXY: '1' })).toMatchObject({
      options: { trustProxy: 2 },
    });
    expect(parseCli([], { HEARKEN_TRUST_PROXY: ' 1 ' })).toMatchObject({ options: { trustProxy: 1 } });
    const limits = ['--read-limit', '500', '--address-limit', '20', '--limit-window', '30', '--key-cache-seconds', '0'];
    expect(parseCli(limits, {})).toMatchObject({
      options: { limits: { reads: 500, unauthenticated: 20, windowSeconds: 30 }, keyCacheSeconds: 0 },
    });
    expect(
      parseCli(['--trust-proxy=-1', '--address-limit', '0', '--limit-window', 'x'], { HEARKEN_TRUST_PROXY: '1' }),
    ).toEqual({
      help: false,
      problems: [
        '--address-limit must be a whole number, 1 or more',
        '--limit-window must be a whole number, 1 or more',
        '--trust-proxy must be a whole number, 0 or more',
      ],
    });
    expect(parseCli([], { HEARKEN_TRUST_PROXY: 'yes' })).toEqual({
      help: false,
      problems: ['HEARKEN_TRUST_PROXY must be a whole number, 0 or more'],
    });
  });

  it('shows every limit and the trusted proxy hops in --help', () => {
    for (const flag of [
      '--trust-proxy',
      'HEARKEN_TRUST_PROXY',
      '--read-limit',
      '--write-limit',
      '--address-limit',
      '--limit-window',
      '--key-cache-seconds',
    ]) {
      expect(SERVER_USAGE).toContain(flag);
    }
  });

  it('takes the log format, the metrics port and token and the shutdown grace from flags, else their variables', () => {
    const env = {
      HEARKEN_LOG_FORMAT: 'pretty',
      HEARKEN_METRICS_PORT: '9100',
      HEARKEN_METRICS_TOKEN: ' from-env ',
      HEARKEN_SHUTDOWN_GRACE_SECONDS: '30',
    };
    expect(parseCli([], env)).toMatchObject({
      options: { operate: { logFormat: 'pretty', metricsPort: 9100, metricsToken: 'from-env', graceSeconds: 30 } },
    });
    const flags = ['--log-format', 'json', '--metrics-port', '0', '--metrics-token', 't', '--shutdown-grace', '2.5'];
    expect(parseCli(flags, env)).toMatchObject({
      options: { operate: { logFormat: 'json', metricsPort: 0, metricsToken: 't', graceSeconds: 2.5 } },
    });
  });

  it('names the flag or the variable at fault among the operating settings', () => {
    expect(parseCli(['--log-format', 'xml', '--shutdown-grace', 'soon'], { HEARKEN_METRICS_PORT: '99999' })).toEqual({
      help: false,
      problems: [
        '--log-format must be json or pretty',
        'HEARKEN_METRICS_PORT must be a port number, 0-65535',
        '--shutdown-grace must be a number of seconds, 0 or more',
      ],
    });
  });

  it('accepts loopback webhook receivers only with --dev-webhooks', () => {
    expect(parseCli(['--dev-webhooks'], {})).toMatchObject({ options: { webhooks: { allowLoopback: true } } });
  });

  it('keeps webhook events the days --webhook-retention-days says, and refuses anything but whole days', () => {
    expect(parseCli(['--webhook-retention-days', '7'], {})).toMatchObject({
      options: { webhooks: { allowLoopback: false, retentionDays: 7 } },
    });
    for (const days of ['0', '-3', '1.5', 'week']) {
      expect(parseCli([`--webhook-retention-days=${days}`], {})).toEqual({
        help: false,
        problems: ['--webhook-retention-days must be a whole number of days, 1 or more'],
      });
    }
  });

  it('limits writes per key per minute as --write-limit says, and refuses anything but a whole number', () => {
    expect(parseCli(['--write-limit', '5000'], {})).toMatchObject({ options: { limits: { writes: 5000 } } });
    expect(parseCli([], {})).not.toMatchObject({ options: { limits: expect.anything() } });
    for (const count of ['0', '-1', '2.5', 'many']) {
      expect(parseCli([`--write-limit=${count}`], {})).toEqual({
        help: false,
        problems: ['--write-limit must be a whole number, 1 or more'],
      });
    }
  });

  it('takes the public URL from --public-url, else HEARKEN_PUBLIC_URL, and refuses one that is not http(s)', () => {
    expect(
      parseCli(['--public-url', 'https://feedback.example.com'], { HEARKEN_PUBLIC_URL: 'http://x:1' }),
    ).toMatchObject({ options: { publicUrl: 'https://feedback.example.com' } });
    expect(parseCli([], { HEARKEN_PUBLIC_URL: 'http://127.0.0.1:8080' })).toMatchObject({
      options: { publicUrl: 'http://127.0.0.1:8080' },
    });
    expect(parseCli(['--public-url', 'ftp://files.example.com'], {})).toEqual({
      help: false,
      problems: ['--public-url must be an http(s) URL, e.g. https://feedback.example.com'],
    });
  });

  it('takes SMTP_URL and HEARKEN_MAIL_FROM from the environment, and names the one at fault', () => {
    expect(
      parseCli([], { SMTP_URL: 'smtps://user:secret@mail.example.com', HEARKEN_MAIL_FROM: 'news@example.com' }),
    ).toMatchObject({
      options: { mail: { smtpUrl: 'smtps://user:secret@mail.example.com', from: 'news@example.com' } },
    });
    expect(parseCli([], { SMTP_URL: 'http://mail.example.com', HEARKEN_MAIL_FROM: 'not an address' })).toEqual({
      help: false,
      problems: [
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com',
        'HEARKEN_MAIL_FROM must be an email address, e.g. feedback@example.com',
      ],
    });
    expect(SERVER_USAGE).toContain('SMTP_URL');
    expect(SERVER_USAGE).toContain('HEARKEN_MAIL_FROM');
  });

  it('takes HEARKEN_MAIL_RETENTION_DAYS as a whole number of days, 1 or more', () => {
    expect(parseCli([], { HEARKEN_MAIL_RETENTION_DAYS: '7' })).toMatchObject({
      options: { mail: { retentionDays: 7 } },
    });
    const refused = parseCli([], { HEARKEN_MAIL_RETENTION_DAYS: '0' });
    expect(refused).toMatchObject({ help: false, problems: [expect.stringContaining('HEARKEN_MAIL_RETENTION_DAYS')] });
    expect(SERVER_USAGE).toContain('HEARKEN_MAIL_RETENTION_DAYS');
  });

  it('takes PORT from the environment unless --port is given', () => {
    expect(parseCli([], { PORT: '5000' })).toMatchObject({ options: { port: 5000 } });
    expect(parseCli(['--port', '0'], { PORT: '5000' })).toMatchObject({ options: { port: 0 } });
  });

  it('names every problem at once, flags and variables alike', () => {
    expect(
      parseCli(['--seed', 'all'], { PORT: 'http', DATABASE_URL: 'mysql://db', REDIS_URL: 'localhost:6379' }),
    ).toEqual({
      help: false,
      problems: [
        'PORT must be a port number, 0-65535',
        '--seed must be demo or none',
        'DATABASE_URL must be a postgres:// or postgresql:// connection string',
        'REDIS_URL must be a redis:// or rediss:// URL',
      ],
    });
  });

  it('names --port, not PORT, when the flag is at fault, and ignores PORT beside it', () => {
    expect(parseCli(['--port', '70000'], { PORT: '5000' })).toEqual({
      help: false,
      problems: ['--port must be a port number, 0-65535'],
    });
    expect(parseCli(['--port', '5001'], { PORT: 'http' })).toMatchObject({ options: { port: 5001 } });
  });

  it('reports an unknown flag instead of throwing', () => {
    expect(parseCli(['--prot', '1'], {})).toMatchObject({ problems: [expect.stringContaining('--prot')] });
  });

  it('documents every variable and default in --help', () => {
    expect(parseCli(['--help'], {})).toEqual({ help: true });
    for (const text of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      '4000',
      '127.0.0.1',
      '.hearken/data',
      '--dev-webhooks',
      '--webhook-retention-days',
      '(default: 30)',
      '--log-format',
      'HEARKEN_LOG_FORMAT',
      '--metrics-port',
      'HEARKEN_METRICS_PORT',
      '--metrics-token',
      'HEARKEN_METRICS_TOKEN',
      '--shutdown-grace',
      'HEARKEN_SHUTDOWN_GRACE_SECONDS',
      '/healthz',
      '/readyz',
      '--write-limit',
    ]) {
      expect(SERVER_USAGE).toContain(text);
    }
  });
});
