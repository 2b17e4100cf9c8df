/**
 * A small static server for browser benches: serves pages and directories as a CDN would, every
 * response brotli-compressed (quality 11, compressed once and kept) and never cached by the browser.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { listenLocal } from './listen.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

const compress = (body) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/**
 * Starts the server on 127.0.0.1. `pages(pathname, origin)` returns the HTML of a page or
 * undefined (or a promise of it); `mounts` maps URL prefixes (`/old/`) to directories.
 * @param {{ pages: (pathname: string, origin: string) => string | undefined | Promise<string | undefined>, mounts: Record<string, string> }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startBrotliServer({ pages, mounts }) {
  /** Compressed files by path; a bench serves the same few files many times. */
  const files = new Map();
  const fileBody = async (file) => {
    let body = files.get(file);
    if (!body) {
      body = compress(await readFile(file));
      files.set(file, body);
    }
    return body;
  };
  const send = (response, type, body) => {
    response.writeHead(200, {
      'content-type': type,
      'content-encoding': 'br',
      'content-length': body.length,
      'cache-control': 'no-store',
      vary: 'accept-encoding',
    });
    response.end(body);
  };

  const server = createServer(async (request, response) => {
    try {
      if (!/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
        response.writeHead(406, { 'content-type': 'text/plain' }).end('brotli only');
        return;
      }
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const html = await pages(pathname, `http://${request.headers.host}`);
      if (html !== undefined) return send(response, types['.html'], compress(Buffer.from(html)));
      for (const [prefix, dir] of Object.entries(mounts)) {
        if (!pathname.startsWith(prefix)) continue;
        const file = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length))));
        if (!file.startsWith(dir + sep)) break;
        const body = await fileBody(file).catch(() => undefined);
        if (body) return send(response, types[extname(file)] ?? 'application/octet-stream', body);
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  return listenLocal(server);
}
