import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, type SendOptions } from './send.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const dev: SendOptions = { timeoutMs: 2000, allowLoopback: true, maxResponseBytes: 1024 };

describe('postWebhook', () => {
  it('refuses loopback and private targets without the development flag, also when a name resolves to one', async () => {
    const port = await serve((_req, res) => res.writeHead(204).end());
    const strict = { ...dev, allowLoopback: false };
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      'https://10.0.0.1/',
      'https://[::1]/',
    ]) {
      expect(await postWebhook(url, {}, '{}', strict), url).toEqual({ error: expect.stringMatching(/^refused/) });
    }
    // `localhost` is a name: it is refused after resolution, on the address the socket would use.
    expect(await postWebhook(`https://localhost:${port}/`, {}, '{}', strict)).toEqual({
      error: expect.stringMatching(/^refused: localhost resolves to/),
    });
    expect(await postWebhook(`http://localhost:${port}/`, {}, '{}', dev)).toEqual({ status: 204 });
  });

  it('does not follow redirects, and reads only the first bytes of a large answer', async () => {
    const redirect = await serve((_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end());
    expect(await postWebhook(`http://127.0.0.1:${redirect}/`, {}, '{}', dev)).toEqual({ status: 302 });
    let written = 0;
    const endless = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (written < 50 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (written < 50 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    expect(await postWebhook(`http://127.0.0.1:${endless}/`, {}, '{}', dev)).toEqual({ status: 200 });
    expect(written).toBeLessThan(50 * 1024 * 1024);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = await serve(() => {});
    const started = Date.now();
    expect(await postWebhook(`http://127.0.0.1:${silent}/`, {}, '{}', { ...dev, timeoutMs: 200 })).toEqual({
      error: 'timeout after 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends the body and headers as given, as JSON', async () => {
    let seen: { headers: Record<string, unknown>; body: string } | undefined;
    const port = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      req.on('end', () => {
        seen = { headers: req.headers, body };
        res.writeHead(200).end('ok');
      });
    });
    expect(await postWebhook(`http://127.0.0.1:${port}/x`, { 'webhook-id': 'msg_1' }, '{"a":1}', dev)).toEqual({
      status: 200,
    });
    expect(seen).toMatchObject({
      body: '{"a":1}',
      headers: { 'webhook-id': 'msg_1', 'content-type': 'application/json' },
    });
  });
});
