import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressed } from './compress.ts';

const BIG_JSON = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Idea ${i}` })) });
const SMALL_JSON = JSON.stringify({ ok: true, note: 'x'.repeat(COMPRESS_THRESHOLD_BYTES - 100) });
const PNG = Buffer.alloc(4096, 7);
const EVENTS = 'data: {"type":"ping"}\n\n'.repeat(200);
const ETAG = '"v1-abc"';

/** A handler serving each kind of answer the servers give, as `@hono/node-server` writes them. */
function answer(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const path = incoming.url ?? '/';
  const send = (type: string, body: string | Buffer, extra: Record<string, string> = {}) =>
    outgoing
      .writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra })
      .end(body);
  if (path === '/big.json') return void send('application/json; charset=utf-8', BIG_JSON);
  if (path === '/small.json') return void send('application/json', SMALL_JSON);
  if (path === '/app.js') return void send('text/javascript; charset=utf-8', `export const x = ${BIG_JSON};`);
  if (path === '/style.css') return void send('text/css', `a{color:red}\n`.repeat(200));
  if (path === '/page.html') return void send('text/html; charset=utf-8', `<p>hello</p>\n`.repeat(200));
  if (path === '/image.png') return void send('image/png', PNG);
  if (path === '/pre.json')
    return void send('application/json', gzipSync(BIG_JSON), { 'content-encoding': 'gzip', etag: ETAG });
  if (path === '/events') {
    // Streamed, as a Server-Sent response is: no length, written in pieces.
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    outgoing.write(EVENTS.slice(0, 2000));
    outgoing.end(EVENTS.slice(2000));
    return;
  }
  if (path === '/tagged') {
    const held = incoming.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    if (held?.includes(ETAG)) return void outgoing.writeHead(304, { etag: ETAG }).end();
    return void send('application/json', BIG_JSON, { etag: ETAG });
  }
  outgoing.writeHead(404).end();
}

let base: string;
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  server = createServer(compressed(answer));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Got {
  status: number;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  text: string;
}

/** A request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const call = request(`${base}${path}`, { method, headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const raw = Buffer.concat(parts);
        const encoding = response.headers['content-encoding'];
        const plain = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text: plain.toString() });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

describe('compressed', () => {
  it('answers brotli when the client takes it, gzip when it takes only gzip, and the same text either way', async () => {
    const br = await get('/big.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(BIG_JSON);
    expect(br.raw.length).toBeLessThan(BIG_JSON.length / 3);
    const gzip = await get('/big.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(BIG_JSON);
    const preferred = await get('/big.json', { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
  });

  it('sends the body as it is to a client that accepts no encoding, saying the answer varies', async () => {
    const plain = await get('/big.json', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(BIG_JSON);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses JavaScript, CSS and HTML too', async () => {
    for (const path of ['/app.js', '/style.css', '/page.html']) {
      const got = await get(path, { 'accept-encoding': 'br' });
      expect(got.headers['content-encoding'], path).toBe('br');
    }
  });

  it('leaves bodies under the threshold as they are', async () => {
    const small = await get('/small.json', { 'accept-encoding': 'br, gzip' });
    expect(SMALL_JSON.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.raw.toString()).toBe(SMALL_JSON);
  });

  it('never compresses Server-Sent Events, images or a body already encoded, nor a HEAD', async () => {
    const events = await get('/events', { 'accept-encoding': 'br, gzip' });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.raw.toString()).toBe(EVENTS);
    const image = await get('/image.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.raw.equals(PNG)).toBe(true);
    const pre = await get('/pre.json', { 'accept-encoding': 'br, gzip' });
    expect(pre.headers['content-encoding']).toBe('gzip');
    expect(pre.headers.etag).toBe(ETAG);
    expect(gunzipSync(pre.raw).toString()).toBe(BIG_JSON);
    const head = await get('/big.json', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('keeps ETags right for each encoding, and answers 304 to the copy a client holds', async () => {
    const plain = await get('/tagged', { 'accept-encoding': 'identity' });
    expect(plain.headers.etag).toBe(ETAG);
    const br = await get('/tagged', { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(`W/${ETAG}`);
    const gzip = await get('/tagged', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).toBe(`W/${ETAG}`);

    const again = await get('/tagged', { 'accept-encoding': 'br', 'if-none-match': `W/${ETAG}` });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(`W/${ETAG}`);
    expect(again.raw.length).toBe(0);
    const strongAgain = await get('/tagged', { 'accept-encoding': 'br', 'if-none-match': ETAG });
    expect(strongAgain.status).toBe(304);
    expect(strongAgain.headers['content-encoding']).toBeUndefined();
    expect(strongAgain.headers.etag).toBe(ETAG);
    const plainAgain = await get('/tagged', { 'accept-encoding': 'identity', 'if-none-match': ETAG });
    expect(plainAgain.status).toBe(304);
    expect(plainAgain.headers.etag).toBe(ETAG);
  });
});
