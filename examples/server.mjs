/**
 * Serves the examples, the script-tag build of Hearken and an index page, with a strict
 * Content-Security-Policy on every page: scripts only from this origin (plus a per-response nonce
 * for the inline classic snippet, and for the server-rendered page's colour styles), no
 * 'unsafe-inline' anywhere, connections only to the service and the proxy. HTML files are
 * templates: `%HEARKEN_*%` placeholders are filled per request; the server-rendered page is
 * rendered per request (server-rendered/page.mjs).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage, STYLESHEET_FILE, STYLESHEET_PATH } from './server-rendered/page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

/** URL prefix → directory served there. */
const mounts = {
  '/hearken/': { dir: join(root, 'packages', 'embed', 'dist') },
  '/marketing-site/': { dir: join(here, 'marketing-site') },
  '/settings-page/': { dir: join(here, 'settings-page') },
  '/host-app/': { dir: join(here, 'host-app', 'dist') },
  '/server-rendered/': { dir: join(here, 'server-rendered') },
  '/': { dir: join(here, 'public') },
};

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** The policy every example page is served with. */
export function contentSecurityPolicy({ nonce, apiBase, proxy, images, styleNonce = false }) {
  const connect = [...new Set(["'self'", new URL(apiBase).origin, new URL(proxy).origin])].join(' ');
  const img = ["'self'", 'https:', 'data:', ...(images ? [new URL(images).origin] : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    styleNonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    `connect-src ${connect}`,
    `img-src ${img}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function resolveFile(allMounts, pathname) {
  for (const [prefix, mount] of Object.entries(allMounts)) {
    if (!pathname.startsWith(prefix)) continue;
    const { dir } = mount;
    let relative;
    try {
      relative = decodeURIComponent(pathname.slice(prefix.length)) || 'index.html';
    } catch {
      return undefined;
    }
    const file = normalize(join(dir, relative));
    if (!file.startsWith(dir + sep) && file !== dir) return undefined;
    const csp = mount.csp !== false;
    if (existsSync(file) && statSync(file).isDirectory()) return { file: join(file, 'index.html'), csp };
    return { file, csp };
  }
  return undefined;
}

/**
 * Starts the examples server. `config()` supplies the service URL, the proxy URL and the
 * workspace ids at request time, so the server can listen before the proxy (which needs this
 * server's origin) exists. `extraMounts` serves more directories (the browser tests' fixture
 * pages); `csp: false` serves a mount's pages without a policy. `webhooks` handles `/webhooks` (the demo's receiver).
 * @param {{ port?: number, host?: string, config: () => { apiBase: string, proxy: string, images?: string, workspaceId: string, unpublishedWorkspaceId?: string }, extraMounts?: Record<string, { dir: string, csp?: boolean }>, webhooks?: { handle(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse): void } }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startExamples({ port = 0, host = '127.0.0.1', config, extraMounts = {}, webhooks }) {
  // Longer prefixes first, so '/' stays the fallback.
  const allMounts = Object.fromEntries(
    Object.entries({ ...extraMounts, ...mounts }).sort(([a], [b]) => b.length - a.length),
  );
  const { snippet } = await import(join(root, 'packages', 'embed', 'dist', 'index.js'));
  const { compressed } = await import(join(root, 'packages', 'server', 'dist', 'index.js'));

  const answer = (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (webhooks && (pathname === '/webhooks' || pathname === '/webhooks/')) return webhooks.handle(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    // The examples have no icon; a 404 here would log an error in the console of every demo page.
    if (pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (['/marketing-site', '/settings-page', '/host-app', '/server-rendered'].includes(pathname)) {
      response.writeHead(308, { location: `${pathname}/` }).end();
      return;
    }
    if (pathname === '/server-rendered/' || pathname === '/server-rendered/no-dsd.html') {
      serverRendered(request, response, pathname.endsWith('no-dsd.html')).catch((error) => {
        response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`Could not render: ${error}`);
      });
      return;
    }
    const found = pathname === STYLESHEET_PATH ? { file: STYLESHEET_FILE } : resolveFile(allMounts, pathname);
    if (!found || !existsSync(found.file)) {
      const unbuilt = ['/hearken/', '/host-app/'].some((prefix) => pathname.startsWith(prefix));
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(unbuilt ? 'Not found. Is it built? Run `pnpm build` (npm start does).' : 'Not found');
      return;
    }
    const { file } = found;
    const type = types[extname(file)] ?? 'application/octet-stream';
    const headers = { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };
    if (extname(file) !== '.html') {
      // Its length lets a file under the compression threshold go out as it is.
      response.writeHead(200, { ...headers, 'content-length': statSync(file).size });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
      return;
    }
    const nonce = randomBytes(16).toString('base64');
    const settings = config();
    const values = {
      WORKSPACE: settings.workspaceId,
      UNPUBLISHED_WORKSPACE: settings.unpublishedWorkspaceId ?? '',
      API_BASE: settings.apiBase,
      PROXY: settings.proxy,
      NONCE: nonce,
    };
    const html = readFileSync(file, 'utf8')
      .replace('%HEARKEN_SNIPPET%', () => snippet({ src: '/hearken/hearken.js', nonce }))
      .replace(/%HEARKEN_([A-Z_]+)%/g, (match, name) => (name in values ? escapeHtml(values[name]) : match));
    response.writeHead(200, {
      ...headers,
      ...(found.csp
        ? {
            'content-security-policy': contentSecurityPolicy({
              nonce,
              apiBase: settings.apiBase,
              proxy: settings.proxy,
              images: settings.images,
            }),
          }
        : {}),
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    response.end(request.method === 'HEAD' ? undefined : html);
  };
  // Brotli or gzip as the browser accepts (JSON, JavaScript, CSS, HTML from 1 KB), as a host should serve them.
  const server = createServer(compressed(answer));

  // The roadmap rendered into the page (page.mjs); its colours come in a nonce'd style.
  async function serverRendered(request, response, noDeclarativeShadowDom) {
    const nonce = randomBytes(16).toString('base64');
    const settings = config();
    const html = await renderPage({
      apiBase: settings.apiBase,
      proxy: settings.proxy,
      workspaceId: settings.workspaceId,
      nonce,
      declarativeShadowDom: !noDeclarativeShadowDom,
    });
    response.writeHead(200, {
      'content-type': types['.html'],
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      'content-security-policy': contentSecurityPolicy({ ...settings, nonce, styleNonce: true }),
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    response.end(request.method === 'HEAD' ? undefined : html);
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
