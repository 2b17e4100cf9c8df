import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExamples } from './server.mjs';

/**
 * The examples server needs the built embed files (`pnpm build`, which the test command runs first).
 * Starting it imports the built server package (for its compression), which took over ten seconds
 * beside the consumer suite's installs on two cores.
 */
let examples;
beforeAll(async () => {
  examples = await startExamples({
    config: () => ({ apiBase: 'http://127.0.0.1:9', proxy: 'http://127.0.0.1:9', workspaceId: 'w1' }),
  });
}, 60_000);
afterAll(() => examples.close());

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const call = request(`${examples.url}${path}`, { headers }, (response) => {
      const parts = [];
      response.on('data', (part) => parts.push(part));
      response.on('end', () => {
        const raw = Buffer.concat(parts);
        const encoding = response.headers['content-encoding'];
        const text = (
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
        ).toString();
        resolve({ status: response.statusCode, headers: response.headers, raw, text });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the examples server on the wire', () => {
  it('serves hearken.js, the roadmap stylesheet and the pages with brotli or gzip as the browser accepts', async () => {
    for (const path of ['/hearken/hearken.js', '/hearken/roadmap.css', '/marketing-site/']) {
      const plain = await get(path, { 'accept-encoding': 'identity' });
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const br = await get(path, { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/accept-encoding/i);
      expect(br.raw.length, path).toBeLessThan(plain.raw.length);
      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      if (path.endsWith('.html') || path.endsWith('/')) continue;
      // Pages carry a fresh nonce each time; files are the same bytes however they travel.
      expect(br.text, path).toBe(plain.text);
      expect(gzip.text, path).toBe(plain.text);
    }
  });

  it('sends files under 1 KB as they are', async () => {
    const snippet = await get('/hearken/snippet.min.js', { 'accept-encoding': 'br, gzip' });
    expect(snippet.status).toBe(200);
    expect(snippet.raw.length).toBeLessThan(1024);
    expect(snippet.headers['content-encoding']).toBeUndefined();
  });
});
