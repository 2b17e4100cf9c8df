import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyLogEntry } from '../config/options.ts';
import { createProxy } from '../handler/create-proxy.ts';
import { KEY } from '../test/fake-upstream.ts';
import { toNodeListener } from './listener.ts';
import { type RunningProxy, startProxy } from './start-proxy.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: Socket;
}

/**
 * A real service on loopback, also reachable under `/svc`: answers /me, and threads with `reply`
 * (default: 201 with a row).
 */
async function service(reply?: (received: Received, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url?.replace(/^\/svc/, '') === '/api/v2/me') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ workspace_id: 'w', api_key_id: 'k', scopes: ['threads:write'] }));
        return;
      }
      const call = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, socket: req.socket };
      received.push(call);
      if (reply) return reply(call, res);
      res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'up-1' });
      res.end(`{"id":"t-${received.length}", "text":${JSON.stringify(JSON.parse(body).text)}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, close };
}

async function proxyTo(upstream: string, options: { timeout?: number; portal?: boolean } = {}) {
  const logged: ProxyLogEntry[] = [];
  const proxy: RunningProxy = await startProxy({
    upstream,
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    rateLimit: { perIp: false, perIdentity: false },
    log: (entry) => logged.push(entry),
    ...options,
  });
  cleanups.unshift(() => proxy.close());
  return { proxy, logged };
}

const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/v2/threads`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

describe('startProxy over node:http', () => {
  it('forwards threads on one kept-alive connection and passes the reply through', async () => {
    const upstream = await service();
    const { proxy } = await proxyTo(`${upstream.url}/svc`);
    const first = await post(proxy.url, JSON.stringify({ text: 'first' }), { 'idempotency-key': 'key-1' });
    expect(first.status).toBe(201);
    expect(first.headers.get('x-request-id')).toBe('up-1');
    expect(await first.json()).toEqual({ id: 't-1', text: 'first' });
    const second = await post(proxy.url, JSON.stringify({ text: 'sécond ✓' }));
    expect(await second.json()).toEqual({ id: 't-2', text: 'sécond ✓' });
    const [one, two] = upstream.received;
    expect(one?.url).toBe('/svc/api/v2/threads');
    expect(one?.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'idempotency-key': 'key-1',
      'x-forwarded-for': '127.0.0.1',
      'content-length': String(Buffer.byteLength(one?.body ?? '')),
    });
    expect(JSON.parse(two?.body ?? '')).toEqual({ text: 'sécond ✓', origin: 'WIDGET' });
    expect(two?.socket).toBe(one?.socket);
  });

  it('gives up on a service that does not answer within the timeout', async () => {
    const upstream = await service(() => {});
    // Long enough for the start's key check to pass on a loaded machine (it has the same limit).
    const { proxy, logged } = await proxyTo(upstream.url, { timeout: 1_000 });
    const response = await post(proxy.url, JSON.stringify({ text: 'hi' }));
    expect(response.status).toBe(502);
    expect(logged.at(-1)).toMatchObject({ reason: 'upstream_timeout' });
  });

  it('answers 502 when the service has gone away', async () => {
    const upstream = await service();
    const { proxy, logged } = await proxyTo(upstream.url);
    await upstream.close();
    const response = await post(proxy.url, JSON.stringify({ text: 'hi' }));
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('ECONNREFUSED');
    expect(logged.at(-1)).toMatchObject({ reason: 'upstream_unreachable' });
  });

  it('serves a portal read with its language query and ETag', async () => {
    const upstream = await service((_call, res) => {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      res.end('{"id":"w1"}');
    });
    const { proxy } = await proxyTo(upstream.url, { portal: true });
    const response = await fetch(`${proxy.url}/api/v1/projects/w1?language=de`, { headers: { origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(await response.json()).toEqual({ id: 'w1' });
    expect(upstream.received[0]).toMatchObject({ method: 'GET', url: '/api/v1/projects/w1?language=de' });
  });

  it('refuses a body over the limit even when it arrives without a Content-Length', async () => {
    const upstream = await service();
    const { proxy } = await proxyTo(upstream.url);
    const big = new TextEncoder().encode(JSON.stringify({ text: 'x'.repeat(70_000) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < big.byteLength; offset += 16_384) {
          controller.enqueue(big.subarray(offset, offset + 16_384));
        }
        controller.close();
      },
    });
    const response = await post(proxy.url, stream);
    expect(response.status).toBe(413);
    expect(upstream.received).toHaveLength(0);
    const invalid = await post(proxy.url, new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('UTF-8');
  });
});

describe('stopping', () => {
  it('lets a post in flight get its answer, then stops taking requests', async () => {
    let answer: (() => void) | undefined;
    const upstream = await service((call, res) => {
      answer = () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(`{"id":"t-1","text":${JSON.stringify(JSON.parse(call.body).text)}}`);
      };
    });
    const { proxy } = await proxyTo(upstream.url);
    // A kept-alive connection that is idle must not hold the stop up either.
    expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200);
    const inFlight = post(proxy.url, JSON.stringify({ text: 'sent as the deploy began' }));
    await expect.poll(() => upstream.received.length).toBe(1);
    let closed = false;
    const closing = proxy.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    await expect(fetch(`${proxy.url}/healthz`)).rejects.toThrow();
    answer?.();
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 't-1', text: 'sent as the deploy began' });
    await closing;
    expect(closed).toBe(true);
  });

  it('does not wait longer than the upstream timeout for a client that never finishes its body', async () => {
    const upstream = await service();
    const { proxy } = await proxyTo(upstream.url, { timeout: 200 });
    const { port } = new URL(proxy.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v2/threads HTTP/1.1\r\nHost: proxy\r\nOrigin: ${ORIGIN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":',
    );
    const ended = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    await proxy.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('toNodeListener', () => {
  it('reads the request path as a URL parser does, dot segments resolved', async () => {
    const upstream = await service();
    const { proxy } = await proxyTo(upstream.url);
    const { hostname, port } = new URL(proxy.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const outgoing = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/v2/widgets/../threads',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
        },
        (incoming) => {
          incoming.resume();
          resolve(incoming.statusCode);
        },
      );
      outgoing.on('error', reject);
      outgoing.end('{"text":"hi"}');
    });
    expect(status).toBe(201);
    expect(upstream.received[0]?.url).toBe('/api/v2/threads');
  });

  it('serves a handler wrapped by the host app through Fetch objects', async () => {
    const upstream = await service();
    const handler = await createProxy({ upstream: upstream.url, apiKey: KEY, allowedOrigins: [ORIGIN] });
    const wrapped = async (request: Request) => {
      const response = await handler(request);
      response.headers.set('x-host-app', 'yes');
      return response;
    };
    const globals = [globalThis.Request, globalThis.Response];
    const server = createServer(toNodeListener(wrapped));
    // The host's own Fetch classes stay in place.
    expect([globalThis.Request, globalThis.Response]).toEqual(globals);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.unshift(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const response = await post(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '{"text":"hi"}');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-host-app')).toBe('yes');
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });
});
