import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './http/env.ts';
import { findPackageFolder } from './package-files.ts';

/** Where the demo's images and logo are served: the seed builds their URLs from the server's origin and this path. */
export const DEMO_ASSETS_PATH = '/assets/demo/';

/** The files never change under a name, so a day's caching is safe; a new image gets a new name. */
const CACHE_CONTROL = 'public, max-age=86400';
/** An SVG opened on its own must not run anything: no script, no fetch, sandboxed. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * `GET /assets/demo/{file}`: the demo workspace's logo and changelog images, shipped in the
 * package's `assets/demo/`, with their content types (from the file name), caching,
 * `X-Content-Type-Options: nosniff` and a CSP of their own. Any other name falls through to the
 * server's 404. `Cross-Origin-Resource-Policy: cross-origin`, since widgets on other sites show them.
 */
export function demoAssetRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const root = findPackageFolder('assets/demo', 'logo.svg');
  app.use(`${DEMO_ASSETS_PATH}*`, async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', CACHE_CONTROL);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Content-Security-Policy', POLICY);
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  });
  app.use(
    `${DEMO_ASSETS_PATH}*`,
    serveStatic({ root, rewriteRequestPath: (path) => path.slice(DEMO_ASSETS_PATH.length - 1) }),
  );
  return app;
}
