/**
 * Layout shift (CLS in Chromium) on every example page, from the first paint until the widgets
 * are interactive, with Lighthouse's mobile settings emulated (see lib/layout-shift.mjs: the
 * `lighthouse` package is not used, the same screen, user agent, Slow 4G and 4× CPU slowdown are
 * set through Playwright and CDP). The examples are served by the examples server with the demo
 * stack (in-memory PGlite, demo seed), as `npm start` serves them; a page with the roadmap
 * rendered on the server by `renderRoadmap` (lib/roadmap-pages.mjs) is measured beside them.
 *
 * Budget: below 0.1 on every client-rendered page (Lighthouse's "good"), 0 on the server-rendered
 * one. The figure is the median of HEARKEN_BENCH_CLS_LOADS loads (default 3) per page, the worst
 * in the note; HEARKEN_BENCH_CLS_TRACE=1 prints every shift and what moved.
 */
import { createServer } from 'node:net';
import { withBrowserStack } from './lib/browser-stack.mjs';
import { measureLayoutShift } from './lib/layout-shift.mjs';
import { startRoadmapPages } from './lib/roadmap-pages.mjs';
import { median } from './lib/stats.mjs';

const LOADS = Number(process.env.HEARKEN_BENCH_CLS_LOADS ?? 3);
const TRACE = Boolean(process.env.HEARKEN_BENCH_CLS_TRACE);
const CLIENT_BUDGET = 0.1;

/** Each example page and how many roadmaps it shows (every page has the feedback widget too). */
const EXAMPLES = [
  { path: '/marketing-site/', label: 'marketing site (changelog, roadmap, issues, launcher)', roadmaps: 3 },
  { path: '/marketing-site/pricing.html', label: 'marketing site pricing (classic snippet)', roadmaps: 1 },
  { path: '/settings-page/', label: 'settings page (inline feedback, changelog)', roadmaps: 1 },
  { path: '/host-app/', label: 'host app (npm packages, mountRoadmap)', roadmaps: 1 },
  // Adopted markup draws nothing new, so no load event is awaited; nothing may move.
  { path: '/server-rendered/', label: 'server-rendered example page (adopted)', roadmaps: 0, budget: 0 },
];

/** A port nobody listens on now, for the examples server the proxy must know before it starts. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export default async function layoutShift({ root }) {
  const group = 'layout shift (CLS, Lighthouse mobile emulated)';
  const examplesPort = await freePort();
  const pages = await startRoadmapPages(root);
  const stackOptions = { origins: [`http://127.0.0.1:${examplesPort}`, pages.url], ports: { examples: examplesPort } };
  return withBrowserStack(root, pages, stackOptions, async ({ stack, browser }) => {
    const rows = [];
    pages.use(stack);
    const targets = [
      ...EXAMPLES.map((example) => ({
        ...example,
        url: `${stack.examplesUrl}${example.path}`,
        budget: example.budget ?? CLIENT_BUDGET,
      })),
      {
        label: 'server-rendered roadmap (renderRoadmap) and launcher',
        url: `${pages.url}/server`,
        roadmaps: 0,
        budget: 0,
      },
    ];
    for (const target of targets) {
      // One load first, not counted: the server's first queries.
      await measureLayoutShift(browser, target.url, target);
      const loads = [];
      try {
        for (let i = 0; i < LOADS; i++) loads.push(await measureLayoutShift(browser, target.url, target));
      } catch (error) {
        rows.push({
          group,
          metric: target.label,
          value: Number.NaN,
          unit: '',
          budget: target.budget,
          error: error.message,
        });
        continue;
      }
      if (TRACE) {
        for (const load of loads) {
          console.error(
            `layout-shift: ${target.url}: CLS ${load.cls.toFixed(3)}, interactive ${load.interactive.toFixed(0)} ms`,
          );
          for (const shift of load.shifts) {
            console.error(`  ${shift.time.toFixed(0)} ms ${shift.value.toFixed(4)}: ${shift.sources.join('; ')}`);
          }
        }
      }
      const scores = loads.map((load) => load.cls);
      rows.push({
        group,
        metric: target.label,
        value: Number(median(scores).toFixed(3)),
        unit: '',
        budget: target.budget,
        note: `median of ${loads.length} loads [${scores.map((s) => s.toFixed(3)).join(', ')}], worst ${Math.max(...scores).toFixed(3)}; interactive at ${median(loads.map((l) => l.interactive)).toFixed(0)} ms`,
      });
    }
    return rows;
  });
}
