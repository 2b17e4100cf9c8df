/**
 * Time to content on a slow network, this build beside an earlier one (HEARKEN_BENCH_BASELINE,
 * default `DEFAULT_BASELINE` of lib/baseline-build.mjs), in one run. Both pages talk to this build's servers, so their
 * reads come compressed alike (before issue 36 they came uncompressed: about 3 kB more on this
 * page, which the bytes ratio leaves out); the files of both come brotli-compressed, as a CDN
 * serves them.
 *
 * A page holding `<hearken-roadmap view="roadmap">` and `<hearken-feedback mode="launcher">`,
 * loaded by `hearken.js`, served brotli-compressed from 127.0.0.1 and talking to the reference
 * server (in-memory PGlite, demo seed) through the key proxy, as the examples do. Chromium with
 * its cache off and DevTools' Slow 4G: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up. Each
 * load is a fresh browser context (no connection, cache or storage carried over); loads go
 * baseline/current in ABBA order so drift on the shared machine falls on both alike.
 *
 * Two figures per load, in ms from navigation start: the first frame that paints one of the
 * workspace's project names inside the roadmap's shadow root, and the first that paints the
 * launcher button. The page checks at the start of every frame and takes the time once that
 * frame's paint is done. Budget: this build at most 1.0x the baseline's median, for both: a
 * refactor makes nothing slower. Beside them, the bytes each build's page transfers (compressed,
 * code, page and reads) until both are painted, and before any interaction: until the network has
 * been quiet for 2.5 s with nothing touched, so the loads and reads the widgets leave for idle time
 * count too (issue 36: at most 0.85x the baseline's), medians over the loads.
 *
 * The same page with the roadmap on its changelog (`view="changelog"`) gives a third figure: the
 * first frame that paints the newest published entry's title, the baseline showing the workspace's
 * latest entry and this build the first page of the whole history (the latest entry paints first,
 * from the workspace read, while the history's page loads beside it).
 *
 * HEARKEN_BENCH_TTC_LOADS sets the loads per build (default 7); HEARKEN_BENCH_TTC_TRACE=1 prints
 * each load's figures and when each of its files and reads started and ended.
 */
import { loadavg } from 'node:os';
import { DEFAULT_BASELINE, embedBuilds } from './lib/baseline-build.mjs';
import { startBrotliServer } from './lib/brotli-server.mjs';
import { projectNames, withBrowserStack } from './lib/browser-stack.mjs';
import { hostPage } from './lib/host-page.mjs';
import { escapeHtml } from './lib/html.mjs';
import { SLOW_4G } from './lib/network.mjs';
import { list, median } from './lib/stats.mjs';

const BASELINE = process.env.HEARKEN_BENCH_BASELINE || DEFAULT_BASELINE.commit;
/** Issue 36: what the page transfers before any interaction, against the baseline's. */
const BYTES_RATIO_BUDGET = 0.85;
/** Loads per build; 7 is the least the budget is judged on. */
const LOADS = Number(process.env.HEARKEN_BENCH_TTC_LOADS ?? 7);
const RATIO_BUDGET = 1;
/** Prints every load's figures and its files' start and end times (ms) to stderr. */
const TRACE = Boolean(process.env.HEARKEN_BENCH_TTC_TRACE);
const METRICS = [
  { key: 'content', label: 'first project name painted' },
  { key: 'launcher', label: 'launcher button painted' },
];

/** The page with both elements, loading `build`'s hearken.js; shared with launcher-press.bench.mjs. */
export function page(build, { workspaceId, proxyUrl }, view = 'roadmap') {
  const ws = escapeHtml(workspaceId);
  const proxy = escapeHtml(proxyUrl);
  return hostPage({
    head: `<script type="module" src="/${build}/hearken.js"></script>`,
    main: `<hearken-roadmap view="${view}" workspace="${ws}" api-base="${proxy}" proxy="${proxy}"></hearken-roadmap>`,
    after: `<hearken-feedback mode="launcher" workspace="${ws}" proxy="${proxy}"></hearken-feedback>`,
  });
}

/**
 * Runs in the page before any of its scripts. Looks, at the start of every frame, for a project
 * name inside the roadmap's shadow root and for a button inside the feedback element's, each
 * rendered, not hidden and in the viewport; the time is taken by a message posted from that
 * frame's callback, which runs once the frame is painted.
 */
function observeContent(names) {
  const marks = { errors: [] };
  window.__ttc = marks;
  document.addEventListener('hearken:error', (event) => marks.errors.push(JSON.stringify(event.detail)));
  const inView = (rect) =>
    rect.width > 0 &&
    rect.height > 0 &&
    rect.bottom > 0 &&
    rect.right > 0 &&
    rect.top < innerHeight &&
    rect.left < innerWidth;
  const shown = (element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
  function* walk(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      yield node;
      if (node.shadowRoot) yield* walk(node.shadowRoot);
    }
  }
  const inside = (tagName, test) => {
    const root = document.querySelector(tagName)?.shadowRoot;
    if (!root) return false;
    for (const node of walk(root)) if (test(node)) return true;
    return false;
  };
  const projectName = (node) => {
    if (node.nodeType !== Node.TEXT_NODE || !node.parentElement) return false;
    if (!names.some((name) => node.data.includes(name))) return false;
    const range = document.createRange();
    range.selectNodeContents(node);
    return shown(node.parentElement) && inView(range.getBoundingClientRect());
  };
  const button = (node) => node.localName === 'button' && shown(node) && inView(node.getBoundingClientRect());
  const afterPaint = (key) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      marks[key] = performance.now();
    };
    channel.port2.postMessage(null);
  };
  const seen = {};
  const frame = () => {
    if (!seen.content && inside('hearken-roadmap', projectName)) {
      seen.content = true;
      afterPaint('content');
    }
    if (!seen.launcher && inside('hearken-feedback', button)) {
      seen.launcher = true;
      afterPaint('launcher');
    }
    if (!seen.content || !seen.launcher) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** How long the network stays idle before a page counts as settled: over four Slow 4G round trips. */
const QUIET_MS = 2_500;
/** The longest a page is given to settle after its content is painted. */
const SETTLE_LIMIT_MS = 30_000;

/**
 * One load of `url` in a fresh context: when the first of `names` and the launcher were painted
 * (ms from navigation), the bytes and requests it took. Shared with server-render-ttc.bench.mjs
 * and launcher-press.bench.mjs. With `settle`, it then waits, touching nothing, until the network
 * has been idle for {@link QUIET_MS} (the idle-time loads and reads done) and also gives the
 * bytes transferred by then (`settledBytes`); `afterwards(tab)` runs on the settled page before the
 * context closes, and its answer is returned as `after`.
 * @param {{ settle?: boolean, afterwards?: (tab: import('playwright-core').Page) => Promise<unknown> }} [options]
 */
export async function load(browser, url, names, { settle = false, afterwards } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await context.newPage();
    const problems = [];
    tab.on('pageerror', (error) => problems.push(String(error)));
    tab.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await tab.addInitScript(observeContent, names);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    let bytes = 0;
    let requests = 0;
    const inFlight = new Set();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      inFlight.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      inFlight.delete(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      inFlight.delete(event.requestId);
      lastActivity = Date.now();
      bytes += event.encodedDataLength;
      requests++;
    });
    await tab.goto(url, { waitUntil: 'commit' });
    try {
      await tab.waitForFunction(
        () => (window.__ttc.content !== undefined && window.__ttc.launcher !== undefined) || window.__ttc.errors.length,
        null,
        { timeout: 60_000, polling: 250 },
      );
    } catch (error) {
      const marks = await tab.evaluate(() => window.__ttc).catch(() => undefined);
      throw new Error(
        `${url}: no content after 60 s (seen ${JSON.stringify(marks)}; ${problems.join('; ') || 'no page errors'}): ${error.message}`,
      );
    }
    const marks = await tab.evaluate(() => ({
      ...window.__ttc,
      // When each file and read started and ended, for HEARKEN_BENCH_TTC_TRACE.
      resources: performance.getEntriesByType('resource').map((e) => {
        const name = new URL(e.name).pathname.split('/').slice(-2).join('/');
        return `${name} ${e.startTime.toFixed(0)}-${e.responseEnd.toFixed(0)}`;
      }),
      // Whether the reads wait for the widget's code or go out beside it.
      firstRead: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => e.startTime),
      ),
    }));
    if (TRACE) {
      const times = `content ${marks.content?.toFixed(0)}, launcher ${marks.launcher?.toFixed(0)}`;
      console.error(`time-to-content: ${new URL(url).pathname}: ${times}; ${marks.resources.join(', ')}`);
    }
    if (marks.errors.length) throw new Error(`${url}: hearken:error ${marks.errors.join('; ')}`);
    const painted = { content: marks.content, launcher: marks.launcher, firstRead: marks.firstRead, bytes, requests };
    if (!settle) return painted;
    const limit = Date.now() + SETTLE_LIMIT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > limit) throw new Error(`${url}: the network never went quiet (${inFlight.size} requests open)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const settledBytes = bytes;
    const settledRequests = requests;
    const after = afterwards ? await afterwards(tab) : undefined;
    return { ...painted, settledBytes, settledRequests, after };
  } finally {
    await context.close();
  }
}

export default async function timeToContent({ root }) {
  const rows = [];
  const group = 'time to content (Slow 4G)';
  // The folders `hearken.js` is served from (with the chunks it imports), this build's and the baseline's.
  const { baseline, builds } = await embedBuilds(root, BASELINE, 'time-to-content');

  let settings;
  const site = await startBrotliServer({
    pages: (pathname) => {
      const [, build, changelog] = /^\/page\/(current|baseline)(\/changelog)?$/.exec(pathname) ?? [];
      return build && builds[build] ? page(build, settings, changelog ? 'changelog' : 'roadmap') : undefined;
    },
    mounts: Object.fromEntries(Object.entries(builds).map(([name, dir]) => [`/${name}/`, dir])),
  });
  return withBrowserStack(root, site, { cachedPortal: true }, async ({ stack, browser }) => {
    settings = { workspaceId: stack.seed.workspaceId, proxyUrl: stack.proxyUrl };
    const names = await projectNames(stack);
    const order = Object.keys(builds);
    // One load of each first, not counted: the server's first queries and the compressed files.
    for (const build of order) await load(browser, `${site.url}/page/${build}`, names);
    const results = Object.fromEntries(order.map((build) => [build, []]));
    for (let round = 0; round < LOADS; round++) {
      for (const build of round % 2 ? [...order].reverse() : order) {
        results[build].push(await load(browser, `${site.url}/page/${build}`, names, { settle: true }));
      }
    }

    const kB = (build, key = 'bytes') => median(results[build].map((r) => r[key])) / 1000;
    const requests = (build, key = 'requests') => median(results[build].map((r) => r[key]));
    const baselineName = baseline.commit ? `baseline ${baseline.commit.slice(0, 7)}` : `baseline ${BASELINE}`;
    const buildNames = { baseline: baselineName, current: 'this build' };
    for (const { key, label } of METRICS) {
      const current = results.current.map((r) => r[key]);
      const read = (build) => median(results[build].map((r) => r.firstRead)).toFixed(0);
      const reads = (build) => (key === 'content' ? `; first portal read sent at ${read(build)} ms` : '');
      if (results.baseline) {
        const old = results.baseline.map((r) => r[key]);
        rows.push({
          group,
          metric: `${label}, ${baselineName}`,
          value: median(old),
          unit: 'ms',
          note: `median of ${old.length} loads ${list(old)}${reads('baseline')}`,
        });
      }
      rows.push({
        group,
        metric: `${label}, this build`,
        value: median(current),
        unit: 'ms',
        note: `median of ${current.length} loads ${list(current)}${reads('current')}; load average ${loadavg()[0].toFixed(1)}`,
      });
      if (results.baseline) {
        const old = results.baseline.map((r) => r[key]);
        const paired = current.map((value, i) => value / old[i]);
        rows.push({
          group,
          metric: `${label}, this build / baseline`,
          value: median(current) / median(old),
          unit: '×',
          budget: RATIO_BUDGET,
          note: `ratio of medians; median of the ${paired.length} paired ratios ${median(paired).toFixed(2)}`,
        });
      } else {
        rows.push({
          group,
          metric: `${label}, this build / baseline`,
          value: Number.NaN,
          unit: '×',
          budget: RATIO_BUDGET,
          error: `no baseline build of ${BASELINE}: ${baseline.error?.message ?? baseline.error}`,
        });
      }
    }
    // The changelog page: the newest published entry's title, the one both builds show first.
    const { latestChangelog } = await fetch(`${stack.serverUrl}/api/v1/workspaces/${stack.seed.workspaceId}`).then(
      (r) => r.json(),
    );
    if (!latestChangelog?.title) throw new Error('the demo seed publishes no changelog entry to wait for');
    const titles = [latestChangelog.title];
    for (const build of order) await load(browser, `${site.url}/page/${build}/changelog`, titles);
    const changelog = Object.fromEntries(order.map((build) => [build, []]));
    for (let round = 0; round < LOADS; round++) {
      for (const build of round % 2 ? [...order].reverse() : order) {
        changelog[build].push((await load(browser, `${site.url}/page/${build}/changelog`, titles)).content);
      }
    }
    const label = 'first changelog entry painted (the roadmap on its changelog)';
    if (changelog.baseline) {
      rows.push({
        group,
        metric: `${label}, ${baselineName}`,
        value: median(changelog.baseline),
        unit: 'ms',
        note: `median of ${changelog.baseline.length} loads ${list(changelog.baseline)}; the latest entry alone`,
      });
    }
    rows.push({
      group,
      metric: `${label}, this build`,
      value: median(changelog.current),
      unit: 'ms',
      note: `median of ${changelog.current.length} loads ${list(changelog.current)}; the whole history through the proxy's changelog portal mode`,
    });
    rows.push({
      group,
      metric: `${label}, this build / baseline`,
      value: changelog.baseline ? median(changelog.current) / median(changelog.baseline) : Number.NaN,
      unit: '×',
      budget: RATIO_BUDGET,
      ...(changelog.baseline
        ? {
            note: `ratio of medians; median of the paired ratios ${median(changelog.current.map((value, i) => value / changelog.baseline[i])).toFixed(2)}`,
          }
        : { error: `no baseline build of ${BASELINE}: ${baseline.error?.message ?? baseline.error}` }),
    });
    for (const build of ['baseline', 'current'].filter((name) => results[name])) {
      const bytes = results[build].map((r) => r.bytes / 1000);
      rows.push({
        group,
        metric: `page with both elements, bytes transferred, ${buildNames[build]}`,
        value: kB(build),
        unit: 'kB',
        note: `median of ${bytes.length} loads [${bytes.map((kB) => kB.toFixed(1)).join(', ')}], in ${requests(build)} requests (page, hearken.js and its chunks, the portal reads) until both were painted`,
      });
    }
    // Until both are painted, the count depends on whether the idle-time loads (the launcher's
    // view, its reads) happen to end before the roadmap paints; until the page settles, it holds
    // everything a reader who touches nothing downloads.
    for (const build of ['baseline', 'current'].filter((name) => results[name])) {
      const bytes = results[build].map((r) => r.settledBytes / 1000);
      rows.push({
        group,
        metric: `page with both elements, bytes transferred before any interaction, ${buildNames[build]}`,
        value: kB(build, 'settledBytes'),
        unit: 'kB',
        note: `median of ${bytes.length} loads [${bytes.map((kB) => kB.toFixed(1)).join(', ')}], in ${requests(build, 'settledRequests')} requests, until the network was quiet for ${QUIET_MS / 1000} s with nothing touched (the idle-time loads and reads included)`,
      });
    }
    rows.push({
      group,
      metric: 'page with both elements, bytes transferred before any interaction, this build / baseline',
      value: results.baseline ? kB('current', 'settledBytes') / kB('baseline', 'settledBytes') : Number.NaN,
      unit: '×',
      budget: BYTES_RATIO_BUDGET,
      ...(results.baseline
        ? {
            note: `${kB('current', 'settledBytes').toFixed(1)} kB against ${kB('baseline', 'settledBytes').toFixed(1)} kB, medians, until the page settled (until both were painted: ${kB('current').toFixed(1)} kB against ${kB('baseline').toFixed(1)} kB)`,
          }
        : { error: `no baseline build of ${BASELINE}: ${baseline.error?.message ?? baseline.error}` }),
    });
    return rows;
  });
}
