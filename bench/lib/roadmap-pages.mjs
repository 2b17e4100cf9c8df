/**
 * Two pages with the same roadmap and feedback launcher, served brotli-compressed by the bench's
 * own server against the demo stack: `/client` draws the roadmap in the browser (`hearken.js` in
 * the head, as a script-tag user embeds it), `/server` carries the roadmap rendered on the server
 * by `renderRoadmap` from `@hearken/roadmap/server` at each request (read through the key proxy,
 * as a host's server would), with `hearken.js` loaded after the markup, its styles linked from the
 * roadmap stylesheet; `/server-inline` is the same with the styles inlined under a nonce (the
 * renderer's other way to style a strict-CSP page).
 */
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { startBrotliServer } from './brotli-server.mjs';
import { hostPage } from './host-page.mjs';
import { escapeHtml } from './html.mjs';
import { packageUrl, resolvePackage } from './packages.mjs';

const page = (head, body) =>
  hostPage({
    head,
    main: `<p>Everything we are planning, building and have just shipped.</p>
${body}
<p>Below the roadmap: the host's own content, which should stay where it is.</p>`,
  });

/**
 * Starts the pages' server. The pages answer once `use(stack)` has named the demo stack (which
 * needs this server's origin among the proxy's allowed ones, so it starts after).
 * @param {string} root the repository root
 */
export async function startRoadmapPages(root) {
  const { renderRoadmap } = await import(packageUrl(root, '@hearken/roadmap/server'));
  /** @type {{ proxyUrl: string, seed: { workspaceId: string } } | undefined} */
  let stack;
  let origin = '';
  // The proxy serves only the origins it allows; a host's server reads with its page's origin.
  const fetchAsPage = (request, init) => {
    const forwarded = new Request(request, init);
    forwarded.headers.set('origin', origin);
    return fetch(forwarded);
  };
  const script = '<script type="module" src="/hearken/hearken.js"></script>';
  const site = await startBrotliServer({
    pages: async (pathname) => {
      if (!stack || !['/client', '/server', '/server-inline'].includes(pathname)) return undefined;
      const ws = escapeHtml(stack.seed.workspaceId);
      const proxy = escapeHtml(stack.proxyUrl);
      const launcher = `<hearken-feedback mode="launcher" workspace="${ws}" proxy="${proxy}"></hearken-feedback>`;
      if (pathname === '/client') {
        const roadmap = `<hearken-roadmap view="roadmap" workspace="${ws}" api-base="${proxy}" proxy="${proxy}"></hearken-roadmap>`;
        return page(script, `${roadmap}\n${launcher}`);
      }
      const roadmap = await renderRoadmap({
        workspace: stack.seed.workspaceId,
        apiBase: stack.proxyUrl,
        view: 'roadmap',
        proxy: stack.proxyUrl,
        ...(pathname === '/server'
          ? { stylesheet: '/styles/roadmap.css' }
          : { nonce: randomBytes(16).toString('base64') }),
        fetch: fetchAsPage,
      });
      // As the README shows: the linked stylesheet in the head too, for the first paint.
      const head = pathname === '/server' ? '<link rel="stylesheet" href="/styles/roadmap.css">' : '';
      return page(head, `${roadmap}\n${launcher}\n${script}`);
    },
    mounts: {
      '/hearken/': dirname(resolvePackage(root, '@hearken/embed/hearken.js')),
      '/styles/': dirname(resolvePackage(root, '@hearken/roadmap/roadmap.css')),
    },
  });
  origin = site.url;
  return {
    ...site,
    /** Names the demo stack the pages read from. */
    use(started) {
      stack = started;
    },
  };
}
