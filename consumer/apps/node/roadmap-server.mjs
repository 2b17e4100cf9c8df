// roadmap-server.mjs: each view rendered on the server (`/` the roadmap, `/issues`, `/changelog`),
// with the stylesheet it links and the element's script-tag build, served from the packages.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRoadmapRenderer } from '@hearken/roadmap/server';

const roadmap = createRoadmapRenderer({ revalidateSeconds: 60 });
const files = {
  '/hearken/roadmap.css': fileURLToPath(import.meta.resolve('@hearken/roadmap/roadmap.css')),
};
const embedDir = dirname(fileURLToPath(import.meta.resolve('@hearken/embed/hearken.js')));
const VIEWS = ['roadmap', 'issues', 'changelog'];
const TYPES = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost');
  const view = pathname === '/' ? 'roadmap' : VIEWS.find((name) => pathname === `/${name}`);
  if (view) {
    let html;
    try {
      html = await roadmap.render({
        workspace: process.env.HEARKEN_WORKSPACE ?? '',
        apiBase: process.env.HEARKEN_API_BASE,
        view,
        stylesheet: '/hearken/roadmap.css',
      });
    } catch (error) {
      // A missing option (RenderOptionsError) or a failed read: say so rather than hang.
      response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`${error.name}: ${error.message}`);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>Roadmap</title>` +
        // The stylesheet for the first paint, and the element's script, which adopts the markup.
        `<link rel="stylesheet" href="/hearken/roadmap.css">` +
        `<script type="module" src="/hearken/hearken.js"></script><body>${html}</body></html>`,
    );
    return;
  }
  // hearken.js and its hashed chunks, and nothing outside their folder.
  const file =
    files[pathname] ??
    (/^\/hearken\/[\w/.-]+\.js$/.test(pathname) && !pathname.includes('..')
      ? join(embedDir, pathname.slice('/hearken/'.length))
      : null);
  const body = file && (await readFile(file).catch(() => null));
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
