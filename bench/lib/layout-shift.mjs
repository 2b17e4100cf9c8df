/**
 * Cumulative layout shift of one page load in Chromium, under Lighthouse's mobile settings
 * emulated by hand (the `lighthouse` package is not installed here): a Moto G Power-like screen
 * (412 × 823 CSS px at DPR 1.75, touch, a mobile user agent), DevTools' Slow 4G (Lighthouse's
 * "applied" throttling: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and a 4× CPU slowdown,
 * cache off, a fresh browser context per load.
 *
 * The page's `layout-shift` entries without recent input are gathered from the start of the load
 * until the widgets are interactive (every roadmap on the page has loaded its data and no widget
 * shows its busy skeleton) and then quiet (no shift and no request for QUIET_MS). The figure is
 * Chromium's CLS: the largest session window (shifts less than 1 s apart, at most 5 s long), as
 * Lighthouse reports it.
 */

import { SLOW_4G } from './network.mjs';

/** Lighthouse's default mobile device (a Moto G Power), as a Playwright context takes it. */
export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

const CPU_SLOWDOWN = 4;
const QUIET_MS = 1500;
const TIMEOUT_MS = 60_000;

/** Runs in the page before its scripts: records shifts, roadmap loads and errors. */
function observeShifts() {
  const marks = { shifts: [], loads: 0, errors: [], lastActivity: 0 };
  window.__cls = marks;
  const describe = (node) => {
    if (node?.nodeType === Node.TEXT_NODE) return `${describe(node.parentElement)} "${node.data.slice(0, 24)}"`;
    if (!node || node.nodeType !== Node.ELEMENT_NODE) return node?.nodeName ?? '(removed)';
    const host = node.getRootNode()?.host;
    const name = `${node.localName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
    return host ? `${host.localName}>>${name}` : name;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      marks.lastActivity = performance.now();
      marks.shifts.push({
        value: entry.value,
        time: entry.startTime,
        sources: entry.sources.map((source) => {
          const before = source.previousRect;
          const after = source.currentRect;
          return `${describe(source.node)} y ${before.y.toFixed(0)}→${after.y.toFixed(0)} h ${before.height.toFixed(0)}→${after.height.toFixed(0)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver(() => {
    marks.lastActivity = performance.now();
  }).observe({ type: 'resource', buffered: true });
  document.addEventListener('hearken:load', () => marks.loads++);
  document.addEventListener('hearken:error', (event) => marks.errors.push(JSON.stringify(event.detail)));
}

/** Whether every widget is drawn with its content: run in the page. */
function interactive({ roadmaps, quietMs }) {
  const marks = window.__cls;
  if (marks.errors.length) return true;
  const hosts = [...document.querySelectorAll('*')].filter((element) => element.shadowRoot);
  const busy = hosts.some((host) => host.shadowRoot.querySelector('[aria-busy="true"]'));
  const feedback = hosts.some((host) => host.shadowRoot.querySelector('button, textarea'));
  return !busy && feedback && marks.loads >= roadmaps && performance.now() - marks.lastActivity > quietMs;
}

/** Chromium's CLS: the largest sum of a session window (gaps < 1 s, at most 5 s). */
export function sessionWindowScore(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const { value, time } of shifts) {
    if (time - last >= 1000 || time - first >= 5000) {
      sum = 0;
      first = time;
    }
    sum += value;
    last = time;
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * Loads `url` once under the mobile settings and returns its CLS, the shifts it is made of and
 * the time (ms from navigation) the widgets were interactive. `roadmaps` is how many roadmaps the
 * page shows (each sends `hearken:load`).
 */
export async function measureLayoutShift(browser, url, { roadmaps }) {
  const context = await browser.newContext(MOBILE);
  try {
    const tab = await context.newPage();
    const problems = [];
    tab.on('pageerror', (error) => problems.push(String(error)));
    await tab.addInitScript(observeShifts);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.goto(url, { waitUntil: 'commit' });
    try {
      await tab.waitForFunction(interactive, { roadmaps, quietMs: QUIET_MS }, { timeout: TIMEOUT_MS, polling: 250 });
    } catch (error) {
      const marks = await tab.evaluate(() => window.__cls).catch(() => undefined);
      throw new Error(
        `${url}: not interactive after ${TIMEOUT_MS / 1000} s (${marks?.loads} of ${roadmaps} roadmaps loaded; ${problems.join('; ') || 'no page errors'}): ${error.message}`,
      );
    }
    const marks = await tab.evaluate(() => ({ ...window.__cls, at: window.__cls.lastActivity }));
    if (marks.errors.length) throw new Error(`${url}: hearken:error ${marks.errors.join('; ')}`);
    if (problems.length) throw new Error(`${url}: ${problems.join('; ')}`);
    return { cls: sessionWindowScore(marks.shifts), shifts: marks.shifts, interactive: marks.at };
  } finally {
    await context.close();
  }
}
