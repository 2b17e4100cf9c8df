import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY } from '../test/fake-upstream.ts';
import { createProxy as createNodeProxy } from './create-proxy.ts';

const ORIGIN = 'https://app.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
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

describe('close', () => {
  it('lets go of the kept-alive connection to the service', async () => {
    const service: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const me = req.url === '/api/v2/me';
        res.writeHead(me ? 200 : 201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(me ? { workspace_id: 'w', api_key_id: 'k', scopes: ['threads:write'] } : { id: 't1' }));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => service.close(() => resolve())));
    const connections = () =>
      new Promise<number>((resolve) => service.getConnections((_error, count) => resolve(count)));
    const proxy = await createNodeProxy({
      upstream: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
    });
    const response = await proxy(
      new Request('http://proxy.test/api/v2/threads', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{"text":"hi"}',
      }),
    );
    expect(response.status).toBe(201);
    expect(await connections()).toBeGreaterThan(0);
    await proxy.close();
    await expect.poll(connections).toBe(0);
  });
});
