import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/** Where the reference page loads its files from: this server, never a CDN. */
const ASSETS = {
  '/reference/swagger-ui.css': ['swagger-ui.css', 'text/css; charset=utf-8'],
  '/reference/swagger-ui-bundle.js': ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
} as const;

/** Nothing inline, nothing from elsewhere: the page, its script, its styles and the document are this origin's files. */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Customer Feedback Service: API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/reference/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/reference/swagger-ui-bundle.js"></script>
    <script src="/reference/init.js"></script>
  </body>
</html>
`;

/**
 * `GET /`: an interactive reference (Swagger UI, served from swagger-ui-dist) of the OpenAPI
 * document at `documentUrl`, with its files under `/reference/`. The page runs under a strict
 * CSP: `script-src 'self'` and `style-src 'self'`, no inline script or style, no nonce needed.
 */
export function referenceRoutes(documentUrl: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const dist = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));
  const files = new Map<string, Promise<string>>();

  app.get('/', (c) => {
    c.header('Content-Security-Policy', POLICY);
    return c.html(page());
  });

  app.get('/reference/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Content-Security-Policy', POLICY);
    return c.body(
      `SwaggerUIBundle({ url: ${JSON.stringify(documentUrl)}, dom_id: '#reference', deepLinking: true });\n`,
    );
  });

  for (const [path, [file, type]] of Object.entries(ASSETS)) {
    app.get(path, async (c) => {
      let text = files.get(file);
      if (!text) {
        text = readFile(join(dist, file), 'utf8');
        files.set(file, text);
      }
      c.header('Content-Type', type);
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(await text);
    });
  }
  return app;
}
