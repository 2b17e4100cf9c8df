import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxy } from '../handler/create-proxy.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { expressMiddleware } from './express.ts';

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
