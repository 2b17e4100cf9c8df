import { afterEach, describe, expect, it } from 'vitest';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';
import { startProxy } from './start-proxy.ts';

const ORIGIN = 'https://app.example';
const ETAG = '"v1"';
/** A portal read past the 1 KB threshold, as a workspace with some projects answers it. */
const PROJECTS = Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, name: `Project ${i}`, upvotes: i * 3 }));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function proxy() {
  const upstream = fakeUpstream({ portal: () => Response.json(PROJECTS, { headers: { etag: ETAG } }) });
  const running = await startProxy({
    upstream: 'http://service.test',
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    portal: true,
  });
  cleanups.push(() => running.close());
  return (path: string, headers: Record<string, string>) =>
    fetch(`${running.url}${path}`, { headers: { origin: ORIGIN, ...headers } });
}

describe('the Node proxy on the wire', () => {
  it('answers portal reads with brotli or gzip as the client accepts, and as they are otherwise', async () => {
    const get = await proxy();
    const br = await get('/api/v1/projects/w1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.json()).toEqual(PROJECTS);
    const gzip = await get('/api/v1/projects/w1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.json()).toEqual(PROJECTS);
    const plain = await get('/api/v1/projects/w1', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(PROJECTS);
  });

  it('leaves small answers as they are', async () => {
    const get = await proxy();
    const health = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(health.headers.get('content-encoding')).toBeNull();
  });

  it('sends a weak ETag with a compressed body and answers 304 to it, and to the plain copy its strong one', async () => {
    const get = await proxy();
    const br = await get('/api/v1/projects/w1', { 'accept-encoding': 'br' });
    expect(br.headers.get('etag')).toBe(`W/${ETAG}`);
    const again = await get('/api/v1/projects/w1', { 'accept-encoding': 'br', 'if-none-match': `W/${ETAG}` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(`W/${ETAG}`);
    const plain = await get('/api/v1/projects/w1', { 'accept-encoding': 'identity', 'if-none-match': ETAG });
    expect(plain.status).toBe(304);
    expect(plain.headers.get('etag')).toBe(ETAG);
  });
});
