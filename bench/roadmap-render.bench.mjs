/**
 * Roadmap render in a real Chromium: 100 projects (roadmap view) and 1,000 issues (issues view)
 * from the public reads, through the script-tag build. Reports the longest main-thread task and
 * the total blocking time (the part of every task beyond 50 ms) from page start until every card
 * or issue is in the DOM and the page is quiet. Budget: no task over 50 ms, in any load.
 * The longest task is attributed (from Long Animation Frame entries) to the script that ran in it.
 *
 * The page is driven only through the element's public face (its attributes, `hearken:load` and
 * `hearken:error`) and the text a reader sees in its shadow root, so the figure holds whatever
 * markup or state library renders it.
 *
 * The data comes from a small fixture server with the portal endpoints' documented shapes, so the
 * figure measures the widget, not the database.
 */
import { createReadStream, existsSync, realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { chromiumLaunchOptions } from '../playwright/chromium.mjs';
import { resolvePackage } from './lib/packages.mjs';

const WORKSPACE = 'ws_bench';
const PROJECTS = 100;
const ISSUES = 1000;
const STATES = ['planned', 'started', 'paused', 'completed', 'backlog'];
const STATUSES = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done'];
const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();

export function fixtures() {
  const workspace = {
    id: WORKSPACE,
    name: 'Bench Workspace',
    domain: 'bench.example',
    darkMode: false,
    backgroundColor: '#ffffff',
    darkModeBackgroundColor: '#111318',
    textColor: '#1d1d1f',
    darkModeTextColor: '#f2f2f5',
    accentColor: '#3b5bdb',
    darkModeAccentColor: '#91a7ff',
    accentTextColor: '#ffffff',
    darkModeAccentTextColor: '#0b1020',
    buttonTextColor: '#ffffff',
    darkModeButtonTextColor: '#0b1020',
    customDomain: null,
    logoLink: null,
    logoUrl: null,
    changelogPublic: true,
  };
  const latestChangelog = {
    id: 'cl_1',
    createdAt: at(0),
    updatedAt: at(0),
    isDeleted: false,
    version: 1,
    date: at(0),
    published: true,
    title: 'Bench release',
    archived: false,
    imageUrl: null,
    projectId: null,
    workspaceId: WORKSPACE,
    notes: '<p>Faster everything.</p>',
  };
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({
    id: `p_${i}`,
    name: `Project ${i + 1}: ${['Search', 'Sync', 'Sharing', 'Offline', 'Export'][i % 5]} improvements`,
    description: `Everything about area ${i + 1}, described in a sentence or two so cards have realistic text.`,
    color: ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#7048e8'][i % 5],
    icon: null,
    trackerProjectId: `tp_${i}`,
    state: STATES[i % STATES.length],
    createdAt: at(i),
    trackerTeamIds: [],
    progress: (i * 7) % 101,
    sortOrder: i,
    upvotes: (i * 13) % 97,
    importanceScore: i % 10,
  }));
  const issues = Array.from({ length: ISSUES }, (_, i) => ({
    id: `i_${i}`,
    identifier: `LUM-${i + 1}`,
    trackerTicketId: `t_${i}`,
    priority: ['Urgent', 'High', 'Medium', 'Low', 'No priority'][i % 5],
    status: STATUSES[i % STATUSES.length],
    team: 'Core',
    title: `Issue ${i + 1}: ${['Crash when', 'Slow load of', 'Allow editing', 'Better export of', 'Sync conflict in'][i % 5]} note ${i}`,
    url: `https://tracker.example/issue/LUM-${i + 1}`,
    workspaceId: WORKSPACE,
    createdAt: at(i),
    updatedAt: at(i),
    description: null,
    isDeleted: false,
    isVisible: true,
    projectId: `p_${i % PROJECTS}`,
    sortOrder: i,
    version: 1,
    upvotes: (i * 31) % 211,
    importanceScore: i % 10,
    summary: ['Reported by several customers', 'Affects large workspaces'],
    summaryUpdated: null,
  }));
  return { workspace: { workspace, latestChangelog }, projects, issues };
}

const page = (view, base) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script src="/observe.js"></script>
<script type="module" src="/hearken/hearken.js"></script></head>
<body><hearken-roadmap workspace="${WORKSPACE}" api-base="${base}" view="${view}" theme="light"></hearken-roadmap></body></html>`;

// Installed before anything else runs, so every long task of the page is recorded. Long animation
// frames carry the scripts that ran in them, which names what made a long task long.
const observer = `window.__tasks = []; window.__frames = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__frames.push(e.toJSON()); }).observe({ type: 'long-animation-frame', buffered: true });
document.addEventListener('hearken:load', () => { window.__loadedAt ??= performance.now(); });
document.addEventListener('hearken:error', (e) => { window.__error = JSON.stringify(e.detail); });`;

function startFixtureServer(root) {
  const data = fixtures();
  // The folder `hearken.js` is served from, with the chunks it imports.
  const dist = dirname(resolvePackage(root, '@hearken/embed/hearken.js'));
  const json = (response, body) => {
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify(body));
  };
  // Paths asked for but not served, named when the widget fails to load.
  const missing = new Set();
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === `/api/v1/workspaces/${WORKSPACE}`) return json(response, data.workspace);
    if (pathname === `/api/v1/projects/${WORKSPACE}`) return json(response, data.projects);
    if (pathname === `/api/v1/issues/${WORKSPACE}`) return json(response, data.issues);
    if (pathname === '/observe.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      return response.end(observer);
    }
    if (pathname.startsWith('/view/')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(page(pathname.slice('/view/'.length), `http://${request.headers.host}`));
    }
    if (pathname.startsWith('/hearken/')) {
      const file = normalize(join(dist, pathname.slice('/hearken/'.length)));
      if (file.startsWith(dist + sep) && existsSync(file)) {
        response.writeHead(200, {
          'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream',
        });
        return createReadStream(file).pipe(response);
      }
    }
    missing.add(`${request.method} ${pathname}`);
    response.writeHead(404).end();
  });
  server.missing = missing;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const LOADS = 5;
const fileName = (url) => url.replace(/^.*\//, '');

/**
 * What ran in the long task: the scripts of the long animation frame that overlaps it most (each
 * with its invoker, file and time) and that frame's style and layout.
 */
function attribute(task, frames) {
  const end = task.start + task.duration;
  const overlap = (f) => Math.min(end, f.startTime + f.duration) - Math.max(task.start, f.startTime);
  const frame = frames.reduce((best, f) => (overlap(f) > (best ? overlap(best) : 0) ? f : best), undefined);
  const at = `task at ${task.start.toFixed(0)} ms`;
  if (!frame) return `${at}, in no long animation frame`;
  const scripts = frame.scripts
    .filter((s) => s.startTime < end && s.startTime + s.duration > task.start)
    .map(
      (s) => `${fileName(s.invoker || s.invokerType)} (${fileName(s.sourceURL) || '?'}) ${s.duration.toFixed(0)} ms`,
    );
  const layout = frame.styleAndLayoutStart ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0;
  return `${at}: ${scripts.join(' + ') || 'no script'}; frame style+layout ${layout.toFixed(0)} ms`;
}

export default async function roadmapRender({ root }) {
  const require = createRequire(realpathSync(join(root, 'bench', 'package.json')));
  const { chromium } = require('playwright-core');
  const server = await startFixtureServer(root);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch(chromiumLaunchOptions);

  const rows = [];
  try {
    // The fixtures' project names and issue titles carry their number, so the page can count them.
    for (const [view, what, items, pattern] of [
      ['roadmap', `${PROJECTS} projects`, PROJECTS, /Project (\d+):/],
      ['issues', `${ISSUES} issues`, ISSUES, /Issue (\d+):/],
    ]) {
      // Several loads; the median is reported (the machine is shared) and the worst beside it.
      const runs = [];
      for (let run = 0; run < LOADS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const tab = await context.newPage();
        await tab.goto(`${base}/view/${view}`);
        // Every card or issue must be on screen: the figure covers the whole progressive render.
        // Counted by the names a reader sees in the shadow root, not by markup, so any rendering
        // of the element qualifies; a count that stops short for 3 s (a windowed list) ends the wait.
        await tab.waitForFunction(
          ({ pattern, count }) => {
            if (window.__error !== undefined) return true;
            const root = document.querySelector('hearken-roadmap')?.shadowRoot;
            if (!root) return false;
            const seen = new Set();
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            const name = new RegExp(pattern, 'g');
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const match of node.data.matchAll(name)) seen.add(match[1]);
            }
            const now = performance.now();
            if (seen.size !== window.__shown) {
              window.__shown = seen.size;
              window.__shownAt = now;
            }
            const settled = seen.size > 0 && now - window.__shownAt > 3_000;
            if ((seen.size === count || settled) && window.__completeAt === undefined) {
              window.__completeAt = settled ? window.__shownAt : now;
            }
            return seen.size === count || settled;
          },
          { pattern: pattern.source, count: items },
          { timeout: 30_000, polling: 200 },
        );
        const error = await tab.evaluate(() => window.__error);
        if (error)
          throw new Error(
            `The roadmap failed to load: ${error}; not served: ${[...server.missing].join(', ') || 'nothing'}`,
          );
        await tab.waitForTimeout(500);
        const result = await tab.evaluate(() => ({
          tasks: window.__tasks,
          frames: window.__frames,
          loadedAt: window.__loadedAt,
          completeAt: window.__completeAt,
          shown: window.__shown,
        }));
        runs.push(result);
        await context.close();
      }
      const scored = runs.map((r) => {
        const top = r.tasks.reduce((a, b) => (b.duration > (a?.duration ?? 0) ? b : a), undefined);
        return {
          ...r,
          longest: top?.duration ?? 0,
          cause: top ? attribute(top, r.frames) : 'no long task',
          tbt: r.tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
        };
      });
      scored.sort((a, b) => a.longest - b.longest);
      const median = scored[Math.floor(scored.length / 2)];
      const worst = scored[scored.length - 1];
      // The machine is shared: the load average says how much the figures are inflated by others.
      const data = median.loadedAt === undefined ? 'no hearken:load event' : `data at ${median.loadedAt.toFixed(0)} ms`;
      const shown =
        median.shown === items ? `all ${items}` : `only ${median.shown} of ${items} (the rest not in the DOM)`;
      const note = `${what}; median of ${runs.length} loads [${scored.map((r) => r.longest.toFixed(0)).join(', ')}]; median load: ${data}, ${shown} rendered at ${median.completeAt.toFixed(0)} ms after page start; worst load: ${worst.cause}; load average ${loadavg()[0].toFixed(1)}`;
      rows.push({
        group: 'roadmap render',
        metric: `${view} view: longest task`,
        value: median.longest,
        unit: 'ms',
        budget: 50,
        note,
      });
      rows.push({
        group: 'roadmap render',
        metric: `${view} view: total blocking time`,
        value: median.tbt,
        unit: 'ms',
        note,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}
