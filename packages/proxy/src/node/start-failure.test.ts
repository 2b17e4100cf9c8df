import { describe, expect, it } from 'vitest';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { startFailure } from './start-failure.ts';
import { startProxy } from './start-proxy.ts';

/** Why `startProxy` refused to start on `host`:`port`, as the CLI says it. */
async function failureOn(host: string, port: number) {
  const error = await startProxy({
    upstream: 'http://service.test',
    apiKey: KEY,
    allowedOrigins: ['https://app.example'],
    fetch: fakeUpstream().fetch,
    host,
    port,
  }).then(
    (proxy) => proxy.close(),
    (caught: unknown) => caught,
  );
  return startFailure(error, { host, port });
}

describe('startFailure', () => {
  it('names HOST when it is no address of this machine', async () => {
    expect(await failureOn('no-such-host.invalid', 0)).toMatch(/^HOST "no-such-host\.invalid" is not an address/);
    expect(await failureOn('192.0.2.1', 0)).toMatch(/^HOST "192\.0\.2\.1" is not an address/);
  });

  it('names PORT when the port is taken', async () => {
    const taken = await startProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: ['https://app.example'],
      fetch: fakeUpstream().fetch,
    });
    try {
      const port = Number(new URL(taken.url).port);
      expect(await failureOn('127.0.0.1', port)).toBe(
        `port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
      );
    } finally {
      await taken.close();
    }
  });

  it('passes the key check’s own explanation on, in terms of variables', () => {
    const refusal = Object.assign(new Error('… or set allowBroadKey to accept the risk.'), {
      name: 'ProxyConfigError',
    });
    expect(startFailure(refusal, { host: '127.0.0.1', port: 8787 })).toBe(
      '… or set HEARKEN_ALLOW_BROAD_KEY=true to accept the risk.',
    );
  });
});
