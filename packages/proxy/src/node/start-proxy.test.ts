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

describe('a request Node refuses to parse', () => {
  async function rawExchange(port: string, raw: string): Promise<string> {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(raw);
    await new Promise((resolve) => socket.once('close', resolve));
    return answer;
  }

  it('gets 431 or 400 in the format of its path, and a log entry', async () => {
    const log: ProxyLogEntry[] = [];
    const proxy = await startProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: fakeUpstream().fetch,
      log: (entry) => log.push(entry),
    });
    cleanups.push(() => proxy.close());
    const { port } = new URL(proxy.url);
    const huge = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const v2 = await rawExchange(port, `POST /api/v2/threads HTTP/1.1\r\n${huge}\r\n`);
    expect(v2).toMatch(/^HTTP\/1\.1 431 /);
    const v2Error = JSON.parse(v2.slice(v2.indexOf('\r\n\r\n') + 4)).error;
    expect(v2Error).toMatchObject({ code: 'headers_too_large', details: { issues: [{ path: '(headers)' }] } });
    expect(v2).toContain(`x-request-id: ${v2Error.request_id}\r\n`);
    const v1 = await rawExchange(port, 'GET /api/v1/projects/p1 HTTP/1.1\r\nContent-Length: x\r\n\r\n');
    expect(v1).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(v1.slice(v1.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'The request is not valid HTTP',
      code: 'BAD_REQUEST',
    });
    expect(log.filter((entry) => entry.event === 'request')).toEqual([
      { level: 'warn', event: 'request', requestId: v2Error.request_id, status: 431, reason: 'HPE_HEADER_OVERFLOW' },
      expect.objectContaining({ level: 'warn', status: 400 }),
    ]);
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
