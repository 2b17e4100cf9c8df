/**
 * The server-rendered example: a public roadmap page whose roadmap, issues and changelog are in
 * the HTML (rendered here by `@hearken/roadmap/server` against the demo's service), readable
 * before any script and by crawlers; the script-tag build then adopts that markup.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The roadmap stylesheet, served with the embed files at this path. */
export const STYLESHEET_PATH = '/hearken/roadmap.css';
/** Where the build writes it. */
export const STYLESHEET_FILE = join(root, 'packages', 'roadmap', 'dist', 'roadmap.css');

const escapeHtml = (value) =>
  String(value).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// One renderer for the server's life: it reuses what it read for a minute, then revalidates by ETag.
let renderer;
async function roadmapRenderer() {
  if (!renderer) {
    const { createRoadmapRenderer } = await import(
      pathToFileURL(join(root, 'packages', 'roadmap', 'dist', 'server.js')).href
    );
    renderer = createRoadmapRenderer({ revalidateSeconds: 60 });
  }
  return renderer;
}

/**
 * The page for one request. `nonce` is the response's CSP nonce (it carries the workspace's
 * colours in a `<style>`); `declarativeShadowDom: false` labels the templates so no browser
 * attaches them (what a browser without declarative shadow DOM sees, for the browser tests).
 * @param {{ apiBase: string, proxy: string, workspaceId: string, nonce: string, language?: string, declarativeShadowDom?: boolean }} options
 */
export async function renderPage({ apiBase, proxy, workspaceId, nonce, language, declarativeShadowDom = true }) {
  const render = await roadmapRenderer();
  const common = { workspace: workspaceId, apiBase, proxy, language, nonce, stylesheet: STYLESHEET_PATH };
  const [roadmap, issues, changelog] = (
    await Promise.all(['roadmap', 'issues', 'changelog'].map((view) => render.render({ ...common, view })))
  ).map((html) =>
    declarativeShadowDom ? html : html.replaceAll('shadowrootmode="open"', 'data-shadowrootmode="open"'),
  );
  return `<!doctype html>
<html lang="${escapeHtml(language ?? 'en')}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Roadmap · Lumen Notes (rendered on the server)</title>
    <link rel="stylesheet" href="/server-rendered/page.css" />
    <!-- The widget's stylesheet, render-blocking here: the shadow roots' links to it would not hold the first paint. -->
    <link rel="stylesheet" href="${STYLESHEET_PATH}" />
    <script type="module" src="/hearken/hearken.js"></script>
  </head>
  <body>
    <main>
      <h1>Lumen Notes roadmap</h1>
      <p>Rendered on the server: readable before any script runs. The widget's script then takes the markup over.</p>
      <section aria-labelledby="roadmap-title">
        <h2 id="roadmap-title">What we are working on</h2>
        ${roadmap}
      </section>
      <section aria-labelledby="issues-title">
        <h2 id="issues-title">Known issues</h2>
        ${issues}
      </section>
      <section aria-labelledby="changelog-title">
        <h2 id="changelog-title">What changed</h2>
        ${changelog}
      </section>
      <p><a href="/">All examples</a></p>
    </main>
  </body>
</html>
`;
}
