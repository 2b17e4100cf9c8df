/**
 * Issue 36: how long a reader waits for the feedback dialog after pressing the launcher, now that
 * the form's code (the model's sending, the form, the dialog) loads on the launcher's intent
 * (pointer over it, focus, touch) or its press rather than when the browser is idle.
 *
 * The page of time-to-content.bench.mjs (the roadmap and the launcher), this build beside the
 * baseline (HEARKEN_BENCH_BASELINE, default lib/baseline-build.mjs's, which loads the form when
 * idle), in ABBA order; Chromium with its cache off and DevTools' Slow 4G, each load a fresh
 * context left untouched until the network has been quiet for 2.5 s (a reader looks at the page
 * first), then pressed one of two ways:
 * - with no hover before: `click()` on the button, no pointer moved over it first (a keyboard's
 *   Enter on a focused launcher, the worst case: nothing was asked for before the press);
 * - after a hover: the mouse moves over the launcher and rests {@link HOVER_MS} before the click.
 * Measured in the page from the press to the end of the first frame that paints the dialog open.
 * Budget: {@link PRESS_BUDGET_MS} for both, one Slow 4G round trip for the form's code with room to
 * run it. HEARKEN_BENCH_PRESS_LOADS sets the loads per build and way (default 5).
 */
import { DEFAULT_BASELINE, embedBuilds } from './lib/baseline-build.mjs';
import { startBrotliServer } from './lib/brotli-server.mjs';
import { projectNames, withBrowserStack } from './lib/browser-stack.mjs';
import { list, median } from './lib/stats.mjs';
import { load, page } from './time-to-content.bench.mjs';

const BASELINE = process.env.HEARKEN_BENCH_BASELINE || DEFAULT_BASELINE.commit;
const LOADS = Number(process.env.HEARKEN_BENCH_PRESS_LOADS ?? 5);
/** How long the pointer rests on the launcher before the click: a quick reader's hover. */
const HOVER_MS = 300;
/** ms from the press to the dialog painted. */
const PRESS_BUDGET_MS = 1_000;

/** Presses the launcher (after a hover, or not) and resolves with the ms until the dialog is painted open. */
async function pressToDialog(tab, hover) {
  if (hover) {
    await tab.locator('hearken-feedback .hk-launcher').hover();
    await tab.waitForTimeout(HOVER_MS);
  }
  return tab.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const root = document.querySelector('hearken-feedback').shadowRoot;
        const start = performance.now();
        const frame = () => {
          const dialog = root.querySelector('dialog[open]');
          if (dialog?.checkVisibility() && dialog.getBoundingClientRect().height > 0) {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
            return;
          }
          if (performance.now() - start > 30_000) reject(new Error('no dialog 30 s after the press'));
          else requestAnimationFrame(frame);
        };
        root.querySelector('.hk-launcher').click();
        requestAnimationFrame(frame);
      }),
  );
}

export default async function launcherPress({ root }) {
  const group = 'launcher press to dialog (Slow 4G)';
  // The folders `hearken.js` is served from (with the chunks it imports), this build's and the baseline's.
  const { baseline, builds } = await embedBuilds(root, BASELINE, 'launcher-press');
  let settings;
  const site = await startBrotliServer({
    pages: (pathname) => {
      const [, build] = /^\/page\/(current|baseline)$/.exec(pathname) ?? [];
      return build && builds[build] ? page(build, settings) : undefined;
    },
    mounts: Object.fromEntries(Object.entries(builds).map(([name, dir]) => [`/${name}/`, dir])),
  });
  return withBrowserStack(root, site, { cachedPortal: true }, async ({ stack, browser }) => {
    const rows = [];
    settings = { workspaceId: stack.seed.workspaceId, proxyUrl: stack.proxyUrl };
    const names = await projectNames(stack);
    const order = Object.keys(builds);
    const press = (build, hover) =>
      load(browser, `${site.url}/page/${build}`, names, {
        settle: true,
        afterwards: (tab) => pressToDialog(tab, hover),
      });
    // One of each first, not counted: the server's first queries and the compressed files.
    for (const build of order) await press(build, false);
    for (const hover of [false, true]) {
      const results = Object.fromEntries(order.map((build) => [build, []]));
      for (let round = 0; round < LOADS; round++) {
        for (const build of round % 2 ? [...order].reverse() : order) {
          results[build].push((await press(build, hover)).after);
        }
      }
      const way = hover ? `after a ${HOVER_MS} ms hover` : 'with no hover before';
      const baselineName = baseline.commit ? `baseline ${baseline.commit.slice(0, 7)}` : `baseline ${BASELINE}`;
      if (results.baseline) {
        rows.push({
          group,
          metric: `press to dialog painted, ${way}, ${baselineName}`,
          value: median(results.baseline),
          unit: 'ms',
          note: `median of ${LOADS} loads ${list(results.baseline)}; the form loaded when the browser was idle`,
        });
      }
      rows.push({
        group,
        metric: `press to dialog painted, ${way}, this build`,
        value: median(results.current),
        unit: 'ms',
        budget: PRESS_BUDGET_MS,
        note: `median of ${LOADS} loads ${list(results.current)}; the form loads on the launcher's intent or press`,
      });
    }
    return rows;
  });
}
