/**
 * Time to the first project name on Slow 4G, the roadmap rendered on the host's server against the
 * same roadmap rendered in the browser, side by side in one run. Both pages come from the bench's
 * own server (lib/roadmap-pages.mjs) against the demo stack (in-memory PGlite, demo seed, through
 * the key proxy): `/server` renders the roadmap with `renderRoadmap` at each request (read through
 * the proxy), styled by the linked roadmap stylesheet, and loads `hearken.js` after the markup;
 * `/server-inline` inlines the styles under a nonce instead (no stylesheet request before the
 * first paint); `/client` is the script-tag embed. Each page
 * also holds the feedback launcher. The harness is time-to-content.bench.mjs's (its `load`:
 * desktop viewport, cache off, DevTools' Slow 4G, a fresh context per load, the first frame that
 * paints a project name in the roadmap's shadow root); loads alternate server/client in ABBA order.
 *
 * Budget: each server-rendered page at most 0.4x the client-rendered one (median over
 * HEARKEN_BENCH_TTC_LOADS loads each, default 7). Its layout shift is in layout-shift.bench.mjs.
 */
import { loadavg } from 'node:os';
import { projectNames, withBrowserStack } from './lib/browser-stack.mjs';
import { startRoadmapPages } from './lib/roadmap-pages.mjs';
import { list, median } from './lib/stats.mjs';
import { load } from './time-to-content.bench.mjs';

const LOADS = Number(process.env.HEARKEN_BENCH_TTC_LOADS ?? 7);
const RATIO_BUDGET = 0.4;
const TRACE = Boolean(process.env.HEARKEN_BENCH_TTC_TRACE);

export default async function serverRenderTimeToContent({ root }) {
  const group = 'time to content, server-rendered roadmap (Slow 4G)';
  const pages = await startRoadmapPages(root);
  return withBrowserStack(root, pages, { cachedPortal: true }, async ({ stack, browser }) => {
    pages.use(stack);
    const names = await projectNames(stack);
    const order = ['server', 'server-inline', 'client'];
    // One load of each first, not counted: the server's first queries and the compressed files.
    for (const name of order) await load(browser, `${pages.url}/${name}`, names);
    const results = Object.fromEntries(order.map((name) => [name, []]));
    for (let round = 0; round < LOADS; round++) {
      for (const name of round % 2 ? [...order].reverse() : order) {
        const result = await load(browser, `${pages.url}/${name}`, names);
        if (TRACE) console.error(`server-render-ttc: ${name}: content ${result.content.toFixed(0)} ms`);
        results[name].push(result);
      }
    }
    const content = (name) => results[name].map((r) => r.content);
    const kB = (name) => median(results[name].map((r) => r.bytes)) / 1000;
    const rows = [];
    for (const [name, label] of [
      ['server', 'first project name painted, server-rendered (renderRoadmap, linked stylesheet)'],
      ['server-inline', 'first project name painted, server-rendered (renderRoadmap, styles inlined with a nonce)'],
      ['client', 'first project name painted, client-rendered (script tag)'],
    ]) {
      rows.push({
        group,
        metric: label,
        value: median(content(name)),
        unit: 'ms',
        note: `median of ${LOADS} loads ${list(content(name))}; ${kB(name).toFixed(1)} kB transferred until the roadmap and launcher were painted; load average ${loadavg()[0].toFixed(1)}`,
      });
    }
    for (const [name, label] of [
      ['server', 'linked stylesheet'],
      ['server-inline', 'inlined styles'],
    ]) {
      const paired = content(name).map((value, i) => value / content('client')[i]);
      rows.push({
        group,
        metric: `first project name painted, server-rendered (${label}) / client-rendered`,
        value: median(content(name)) / median(content('client')),
        unit: '×',
        budget: RATIO_BUDGET,
        note: `ratio of medians; median of the ${paired.length} paired ratios ${median(paired).toFixed(2)}`,
      });
    }
    return rows;
  });
}
