import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxyLogEntry } from '../config/options.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { type RunningProxy, startProxy } from './start-proxy.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const send = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'from a real socket' }),
  });

describe('startProxy', () => {
  it('listens on loopback and forwards the socket address as client IP', async () => {
    const upstream = fakeUpstream();
    const proxy: RunningProxy = await startProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: upstream.fetch,
    });
    cleanups.push(() => proxy.close());
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await send(`${proxy.url}/api/v2/threads`);
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(upstream.threadCalls()[0]?.headers.get('x-forwarded-for')).toBe('127.0.0.1');
  });

  it('logs a client hanging up mid-body at info, as no server error, and answers nothing', async () => {
    const upstream = fakeUpstream();
    const log: ProxyLogEntry[] = [];
    const proxy = await startProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: upstream.fetch,
      log: (entry) => log.push(entry),
    });
    cleanups.push(() => proxy.close());
    const { port } = new URL(proxy.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v2/threads HTTP/1.1\r\nHost: proxy\r\nOrigin: ${ORIGIN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":"half a bo',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.some((entry) => entry.event === 'request')).toBe(false);
    socket.destroy();
    await vi.waitFor(() => expect(log.filter((entry) => entry.event === 'request')).toHaveLength(1));
    expect(log.find((entry) => entry.event === 'request')).toMatchObject({ level: 'info', reason: 'client_aborted' });
    expect(log.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(answer).toBe('');
    expect(upstream.threadCalls()).toHaveLength(0);
  });

  it('does not listen when the key is refused', async () => {
    await expect(
      startProxy({
        upstream: 'http://service.test',
        apiKey: KEY,
        allowedOrigins: [ORIGIN],
        fetch: fakeUpstream({ scopes: ['admin', 'threads:write'] }).fetch,
      }),
    ).rejects.toMatchObject({ reason: 'broad_key' });
  });
});

describe('startProxy on a port in use', () => {
  it('fails before checking the key', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => taken.close(() => resolve())));
    const upstream = fakeUpstream();
    const logged: string[] = [];
    await expect(
      startProxy({
        upstream: 'http://service.test',
        apiKey: KEY,
        allowedOrigins: [ORIGIN],
        fetch: upstream.fetch,
        port: (taken.address() as AddressInfo).port,
        log: (entry) => logged.push(entry.event),
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(logged).not.toContain('ready');
  });
});
