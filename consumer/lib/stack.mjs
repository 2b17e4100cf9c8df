/** The reference server and the key proxy, started from the tarballs' CLIs, and a static file server for built apps. */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { start } from './process.mjs';

const bin = (app, name) => join(app, 'node_modules', '.bin', name);

/** `hearken-server --data memory --seed demo` on a free port; resolves with its URL and the demo seed. */
export async function startReferenceServer(app) {
  const server = await start(bin(app, 'hearken-server'), ['--port', '0', '--data', 'memory', '--seed', 'demo'], {
    cwd: app,
    ready: /v2 key \(threads:write\)\s+(\S+)\n/,
    // Seeding shares the machine with the apps' installs, type checks and builds: on 2 busy
    // cores it has taken over a minute.
    timeoutMs: 180_000,
  });
  const line = (label) => new RegExp(`${label}\\s+(\\S+)`).exec(server.output())?.[1];
  return {
    url: /listening on (http:\/\/\S+)/.exec(server.output())[1],
    workspaceId: line('demo workspace'),
    keys: { v1: line('v1 key'), v2Full: line('v2 key \\(full access\\)'), v2ThreadsWrite: server.match[1] },
    stop: server.stop,
  };
}

/**
 * `hearken-proxy` for the service at `upstream`, allowing `origin`, serving the portal reads unless
 * `portal` is false (as the README's command starts it); resolves with its URL.
 */
export async function startKeyProxy(app, { upstream, apiKey, origin, portal = true }) {
  const proxy = await start(bin(app, 'hearken-proxy'), [], {
    cwd: app,
    env: {
      HEARKEN_UPSTREAM: upstream,
      HEARKEN_API_KEY: apiKey,
      HEARKEN_ALLOWED_ORIGINS: origin,
      ...(portal ? { HEARKEN_PORTAL: 'true' } : {}),
      PORT: '0',
    },
    ready: /listening on (http:\/\/\S+)\n/,
  });
  return { url: proxy.match[1], stop: proxy.stop };
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves a built app's directory on a free loopback port. */
export async function serveStatic(dir) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
