/**
 * Server rendering in Node: `renderRoadmap` from `@hearken/roadmap/server` over 100 projects and
 * 1,000 issues (the same fixtures as the browser render rows), given as data so the figure is the
 * render alone. Reports the p50 of many renders of each view (budget 30 ms) and the HTML bytes
 * a page carries for it.
 */
import { packageUrl } from './lib/packages.mjs';
import { fixtures } from './roadmap-render.bench.mjs';

const BUDGET_MS = 30;
const WARMUP = 5;
const RUNS = 41;

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function roadmapServer({ root }) {
  const { renderRoadmap } = await import(packageUrl(root, '@hearken/roadmap/server'));
  const { workspace: portal, projects, issues } = fixtures();
  const data = { workspace: portal.workspace, changelog: portal.latestChangelog, projects, issues };
  const options = { workspace: portal.workspace.id, data, stylesheet: '/hearken/roadmap.css', theme: 'light' };
  const rows = [];
  for (const [view, what] of [
    ['roadmap', `${projects.length} projects`],
    ['issues', `${issues.length} issues`],
  ]) {
    let html = '';
    const times = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      html = await renderRoadmap({ ...options, view });
      if (run >= WARMUP) times.push(performance.now() - started);
    }
    const group = 'roadmap server render (Node)';
    rows.push({ group, metric: `${what}, ${view} view, p50`, value: median(times), unit: 'ms', budget: BUDGET_MS });
    rows.push({
      group,
      metric: `${what}, ${view} view, HTML`,
      value: new TextEncoder().encode(html).length / 1024,
      unit: 'kB',
      note: `all ${projects.length} projects and ${issues.length} issues in the embedded JSON; ${RUNS} renders`,
    });
  }
  return rows;
}
