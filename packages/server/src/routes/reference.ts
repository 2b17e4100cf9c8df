import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scalar } from '@scalar/hono-api-reference';
import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../http/env.ts';

/** Where the reference page loads Scalar's browser bundle from: this server, never a CDN. */
export const REFERENCE_SCRIPT_PATH = '/reference/scalar.js';

/** Scalar's single-file browser bundle, shipped inside @scalar/api-reference (not in its exports map). */
const bundlePath = () =>
  join(dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))), 'browser', 'standalone.js');

/**
 * `GET /`: an interactive reference of the OpenAPI document at `documentUrl`, and
 * `GET /reference/scalar.js`, its script. The page runs under a strict CSP: scripts only from this
 * origin or with the page's nonce, styles only with the nonce (Scalar puts it on the stylesheet it
 * injects, read from `<meta property="csp-nonce">`), no inline attributes, no other origin.
 */
export function referenceRoutes(documentUrl: string): Hono<AppEnv> {
  const page = { tags: ['Reference'], security: [], responses: { 200: { description: 'OK' } } };
  const app = new Hono<AppEnv>();
  let bundle: Promise<string> | undefined;

  app.get(
    REFERENCE_SCRIPT_PATH,
    describeRoute({ ...page, summary: "The reference page's script (Scalar)" }),
    async (c) => {
      bundle ??= readFile(bundlePath(), 'utf8');
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(await bundle);
    },
  );

  app.get(
    '/',
    describeRoute({ ...page, summary: 'An interactive reference of this API' }),
    async (c, next) => {
      const nonce = randomBytes(16).toString('base64');
      c.set('nonce', nonce);
      await next();
      c.header(
        'Content-Security-Policy',
        [
          "default-src 'none'",
          `script-src 'self' 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "img-src 'self' data:",
          "font-src 'self' data:",
          "connect-src 'self'",
          "base-uri 'none'",
          "form-action 'none'",
          "frame-ancestors 'none'",
        ].join('; '),
      );
    },
    Scalar((c) => ({
      url: documentUrl,
      cdn: REFERENCE_SCRIPT_PATH,
      nonce: (c as Context<AppEnv>).var.nonce,
      pageTitle: 'Hearken API reference',
      withDefaultFonts: false,
      telemetry: false,
    })),
  );
  return app;
}
