/**
 * Issue 33: how long a returning reader waits, on DevTools' Slow 4G, before the page knows that
 * something they voted for moved: from navigation start to the `hearken:updates` event (the
 * launcher's badge counts it in that frame), and to the end of the proxy's updates response.
 *
 * A page holding `<hearken-roadmap view="issues">` and `<hearken-feedback mode="launcher">`, loaded
 * by `hearken.js`, served brotli-compressed, talking to the reference server (in-memory PGlite,
 * demo seed) through the key proxy. Once, unthrottled, the bench votes on an issue from the page
 * and keeps the browser's storage (the vote's receipt); the operator then moves that issue's
 * status through v2 `PATCH /issues/{id}`. Each counted load is a fresh context (cache off, Slow 4G)
 * given that storage before any script runs, so each is the reader's first load after the move.
 *
 * Budget: the event within 6,000 ms of navigation: the read goes out when the browser is idle after
 * the roadmap's first content (its code and the portal reads on the same link), then takes one
 * round trip on a 562.5 ms link; and one updates read per load, counted from the requests the page
 * sends until the network is idle (both widgets' idle work done). The vote presses the button named
 * "Upvote …": the view's tabs are pressed-state buttons too. HEARKEN_BENCH_UPDATES_LOADS sets the
 * loads (default 5).
 */
import { dirname } from 'node:path';
import { startBrotliServer } from './lib/brotli-server.mjs';
import { withBrowserStack } from './lib/browser-stack.mjs';
import { hostPage } from './lib/host-page.mjs';
import { escapeHtml } from './lib/html.mjs';
import { SLOW_4G } from './lib/network.mjs';
import { resolvePackage } from './lib/packages.mjs';
import { list, median } from './lib/stats.mjs';

const LOADS = Number(process.env.HEARKEN_BENCH_UPDATES_LOADS ?? 5);
/** ms from navigation start to `hearken:updates`. */
const EVENT_BUDGET = 6_000;

const page = ({ workspaceId, proxyUrl }) => {
  const ws = escapeHtml(workspaceId);
  const proxy = escapeHtml(proxyUrl);
  return hostPage({
    head: '<script type="module" src="/current/hearken.js"></script>',
    main: `<hearken-roadmap view="issues" workspace="${ws}" proxy="${proxy}"></hearken-roadmap>`,
    after: `<hearken-feedback mode="launcher" workspace="${ws}" proxy="${proxy}"></hearken-feedback>`,
  });
};

/** Runs in the page before its scripts: restores the reader's storage and notes the event's time. */
function prepare(entries) {
  for (const [key, value] of entries) localStorage.setItem(key, value);
  window.__updates = {};
  document.addEventListener('hearken:updates', (event) => {
    window.__updates.at ??= performance.now();
    window.__updates.count ??= event.detail.count;
  });
}

/** Votes on the first open issue, unthrottled; returns its id and the storage once it holds the receipt. */
async function vote(browser, url) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(url);
    const voted = tab.evaluate(
      () =>
        new Promise((resolve, reject) => {
          document.addEventListener('hearken:upvote', (event) => resolve(event.detail), { once: true });
          document.addEventListener('hearken:error', (event) => reject(new Error(JSON.stringify(event.detail))), {
            once: true,
          });
        }),
    );
    await tab
      .locator('hearken-roadmap')
      .getByRole('button', { name: /^Upvote / })
      .first()
      .click({ timeout: 30_000 });
    const detail = await Promise.race([
      voted,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no hearken:upvote within 30 s of the vote')), 30_000),
      ),
    ]);
    if (detail.kind !== 'issue') throw new Error(`voted for a ${detail.kind}, not an issue`);
    // The receipt is kept once the create answers; the loads start from that storage.
    await tab.waitForFunction(() => Object.values(localStorage).some((value) => value.includes('"receipt"')), null, {
      timeout: 30_000,
    });
    const entries = await tab.evaluate(() => Object.entries(localStorage));
    return { id: detail.id, entries };
  } finally {
    await context.close();
  }
}

async function load(browser, url, entries) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(prepare, entries);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    let reads = 0;
    tab.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/threads/updates')) reads++;
    });
    await tab.goto(url, { waitUntil: 'commit' });
    await tab.waitForFunction(() => window.__updates.at !== undefined, null, { timeout: 60_000, polling: 100 });
    // Both widgets' idle work done: a second read would have gone out by now.
    await tab.waitForLoadState('networkidle', { timeout: 60_000 });
    const marks = await tab.evaluate(() => {
      const read = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.endsWith('/threads/updates'));
      return { ...window.__updates, responseEnd: read?.responseEnd };
    });
    if (marks.responseEnd === undefined) throw new Error(`${url}: hearken:updates fired with no updates read`);
    return { ...marks, reads };
  } finally {
    await context.close();
  }
}

export default async function requestUpdates({ root }) {
  const group = 'updates read (Slow 4G)';
  let settings;
  const site = await startBrotliServer({
    pages: (pathname) => (pathname === '/page' ? page(settings) : undefined),
    mounts: { '/current/': dirname(resolvePackage(root, '@hearken/embed/hearken.js')) },
  });
  return withBrowserStack(root, site, { cachedPortal: true }, async ({ stack, browser }) => {
    settings = { workspaceId: stack.seed.workspaceId, proxyUrl: stack.proxyUrl };
    const url = `${site.url}/page`;
    const { id, entries } = await vote(browser, url);
    const moved = await fetch(`${stack.serverUrl}/api/v2/issues/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${stack.seed.keys.v2Full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Moved by the bench' }),
    });
    if (!moved.ok) throw new Error(`PATCH /api/v2/issues/${id}: ${moved.status} ${await moved.text()}`);
    // One load first, not counted: the server's first queries and the compressed files.
    await load(browser, url, entries);
    const results = [];
    for (let round = 0; round < LOADS; round++) results.push(await load(browser, url, entries));
    const counts = new Set(results.map((result) => result.count));
    if (counts.size !== 1 || !counts.has(1)) throw new Error(`hearken:updates counted ${[...counts]}, not 1`);
    const at = results.map((result) => result.at);
    const ends = results.map((result) => result.responseEnd);
    const reads = Math.max(...results.map((result) => result.reads));
    return [
      {
        group,
        metric: 'hearken:updates fired (1 moved request), from navigation',
        value: median(at),
        unit: 'ms',
        budget: EVENT_BUDGET,
        note: `median of ${at.length} loads ${list(at)}; roadmap (issues) and launcher on the page`,
      },
      {
        group,
        metric: 'updates response ended, from navigation',
        value: median(ends),
        unit: 'ms',
        note: `median of ${ends.length} loads ${list(ends)}`,
      },
      {
        group,
        metric: 'updates reads per page load, most over the loads',
        value: reads,
        unit: 'requests',
        budget: 1,
        note: 'the roadmap and the launcher share one read',
      },
    ];
  });
}
