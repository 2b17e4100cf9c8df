import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxyLogEntry } from '../config/options.ts';
import { createProxy } from '../handler/create-proxy.ts';
import { redisLimiters } from '../limits/redis.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { createProxy as createNodeProxy, expressMiddleware, type RunningProxy, startProxy } from './node.ts';

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

describe('createProxy for Node', () => {
  it('leaves no connection to the service open when it refuses the key', async () => {
    const service: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ workspace_id: 'w', api_key_id: 'k', scopes: ['admin', 'threads:write'] }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          service.close(() => resolve());
          service.closeAllConnections();
        }),
    );
    const upstream = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    await expect(createNodeProxy({ upstream, apiKey: KEY, allowedOrigins: [ORIGIN] })).rejects.toMatchObject({
      reason: 'broad_key',
    });
    await expect
      .poll(() => new Promise<number>((resolve) => service.getConnections((_error, count) => resolve(count))))
      .toBe(0);
  });
});

describe('expressMiddleware', () => {
  it('serves under a mount prefix and passes every other path on to next()', async () => {
    const handler = await createProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: fakeUpstream().fetch,
    });
    const middleware = expressMiddleware(handler);
    // What Connect and Express do for `app.use('/hearken', middleware)`: strip the prefix, call next on error.
    const server: Server = createServer((req, res) => {
      if (!req.url?.startsWith('/hearken/')) {
        res.writeHead(200).end('host app');
        return;
      }
      req.url = req.url.slice('/hearken'.length);
      middleware(req, res, () => res.writeHead(500).end('next'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await send(`${base}/hearken/api/v2/threads`)).status).toBe(201);
    expect(await (await fetch(`${base}/other`)).text()).toBe('host app');
    expect(await (await fetch(`${base}/hearken/api/v2/me`)).text()).toBe('next');
  });
});

describe('expressMiddleware with a basePath', () => {
  async function serve(beforeProxy?: (req: IncomingMessage) => Promise<void>) {
    const handler = await createProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: fakeUpstream().fetch,
      basePath: '/hearken',
    });
    const middleware = expressMiddleware(handler);
    // What Express does for `app.use(parser); app.use(middleware); app.get(...)`.
    const server: Server = createServer(async (req, res) => {
      await beforeProxy?.(req);
      middleware(req, res, () => res.writeHead(200).end(`host app ${req.url}`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("answers the proxy's paths and leaves the host app's routes to the app", async () => {
    const base = await serve();
    expect((await send(`${base}/hearken/api/v2/threads`)).status).toBe(201);
    expect(await (await fetch(`${base}/about`)).text()).toBe('host app /about');
    expect(await (await send(`${base}/api/v2/threads`)).text()).toBe('host app /api/v2/threads');
  });

  it('answers at once, naming the cause, when a body parser read the body first', async () => {
    const base = await serve(async (req) => {
      // What express.json() does: read the whole body, then call next().
      for await (const _chunk of req);
    });
    const response = await send(`${base}/hearken/api/v2/threads`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('body_already_read');
    expect(body.error.message).toMatch(/express\.json\(\).*before any body parser/);
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
