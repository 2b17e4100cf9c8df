import { expect, type Page, test } from '@playwright/test';
import { examples, holdBack, stack, url } from './support.ts';

// A phone, where a widget that grows pushes the page's own text out of the reader's way.
test.use({ viewport: { width: 390, height: 844 } });

/**
 * Runs in the page before its scripts: records every layout shift that moves an element of the
 * page itself (not inside a widget) on screen, or onto or off it.
 */
function watchHostShifts() {
  const moved: string[] = [];
  (window as unknown as { __hostShifts: string[] }).__hostShifts = moved;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      for (const { node, previousRect, currentRect } of entry.sources) {
        if (!(node instanceof Element) || node.getRootNode() !== document) continue;
        if (previousRect.height === 0 && currentRect.height === 0) continue;
        moved.push(`${node.localName}#${node.id}.${node.className}: ${previousRect.y} → ${currentRect.y}`);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Where each element of the page itself that is on screen now sits (index in the document: top). */
const onScreen = (page: Page) =>
  page.evaluate(() => {
    const tops: Record<string, number> = {};
    [...document.body.querySelectorAll('*')].forEach((element, index) => {
      const { top, bottom, height } = element.getBoundingClientRect();
      if (height > 0 && bottom > 0 && top < innerHeight) tops[index] = top;
    });
    return tops;
  });

const tops = (page: Page, indexes: string[]) =>
  page.evaluate((wanted) => {
    const all = [...document.body.querySelectorAll('*')];
    return Object.fromEntries(wanted.map((index) => [index, all[Number(index)]!.getBoundingClientRect().top]));
  }, indexes);

/** Every element in `before` is where it was, within a pixel. */
async function expectInPlace(page: Page, before: Record<string, number>) {
  const now = await tops(page, Object.keys(before));
  const moved = Object.keys(before).filter((index) => Math.abs(now[index]! - before[index]!) > 1);
  expect(moved.map((index) => `element ${index}: ${before[index]} → ${now[index]}`)).toEqual([]);
}

/** Whether every widget in `selectors` is drawn (roadmap: its content; feedback: its form) with no height held. */
const ready = (page: Page, selectors: string[]) =>
  page.evaluate((list) => {
    return list.every((selector) => {
      const root = document.querySelector(selector)?.shadowRoot;
      if (!root) return false;
      const mount = root.querySelector<HTMLElement>('[data-hk-mount]');
      const drawn = root.querySelector('.hk-title, textarea') !== null;
      return drawn && !root.querySelector('.hk-shell, .hk-hold') && mount?.style.minHeight === '';
    });
  }, selectors);

const pages = [
  { name: 'marketing-site', widgets: ['hearken-roadmap[view=changelog]'] },
  { name: 'marketing-site-snippet', widgets: ['#latest-release > hearken-roadmap'] },
  { name: 'settings-page', widgets: ['hearken-feedback[mode=inline]', 'hearken-roadmap'] },
] as const;

for (const { name, widgets } of pages) {
  test(`${name}: the page's own content stays in place while the widgets' code and data arrive`, async ({ page }) => {
    // Each stage held back until the one before has been looked at: the script, then the data and
    // the inline form's code. That form needs no data, so its reserved room lasts only until its code
    // is in: left to arrive, it can come and go between two polls, which then never see it.
    const script = await holdBack(page, '**/hearken/hearken.js');
    const proxy = new URL(stack.proxyUrl).origin;
    const data = await holdBack(page, (requested) => requested.origin === proxy);
    const form = await holdBack(page, '**/hearken/feedback-view-*.js');
    await page.addInitScript(watchHostShifts);
    await page.goto(url(examples[name]), { waitUntil: 'commit' });
    // The first paint: the page's own stylesheet is in.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const before = await onScreen(page);

    script();
    // The skeleton (or the inline form's reserved room) is drawn, the data not yet in.
    await expect
      .poll(() =>
        page.evaluate(
          (list) =>
            list.every((selector) =>
              document.querySelector(selector)?.shadowRoot?.querySelector('.hk-shell, .hk-hold'),
            ),
          widgets as unknown as string[],
        ),
      )
      .toBe(true);
    await expectInPlace(page, before);

    data();
    form();
    await expect.poll(() => ready(page, widgets as unknown as string[]), { timeout: 15_000 }).toBe(true);
    await expectInPlace(page, before);
    expect(await page.evaluate(() => (window as unknown as { __hostShifts: string[] }).__hostShifts)).toEqual([]);
  });
}

/**
 * Runs in the page before its scripts: the page's layout shifts without recent input, as Chromium
 * scores them, with what moved.
 */
function watchAllShifts() {
  const shifts: { value: number; moved: string[] }[] = [];
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map(
        ({ node, previousRect, currentRect }) =>
          `${node instanceof Element ? `${node.localName}.${node.className}` : node?.nodeName}: ${previousRect.y} → ${currentRect.y}`,
      );
      shifts.push({ value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

// The host app renders its own content from its own reads (the issue list) beside the widgets, so
// its markup changes as they arrive: the page's shift score, not each element's place, is checked.
test("host-app: on a phone, the app's list and the changelog arriving keep the page's layout shift under 0.1", async ({
  page,
}) => {
  // The app's reads and the changelog's go through the key proxy (the app's API base).
  const proxy = new URL(stack.proxyUrl).origin;
  const data = await holdBack(page, (requested) => requested.origin === proxy);
  await page.addInitScript(watchAllShifts);
  await page.goto(url(examples['host-app']), { waitUntil: 'commit' });
  // The app and the changelog's skeleton are drawn, no issue or changelog entry yet.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('.whats-new > div')?.shadowRoot?.querySelector('.hk-shell')))
    .toBeTruthy();

  data();
  await expect(page.locator('article h1')).not.toHaveText(/^\s*$/);
  await expect.poll(() => ready(page, ['.whats-new > div']), { timeout: 15_000 }).toBe(true);
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts,
  );
  const score = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(score, shifts.flatMap((shift) => shift.moved).join('\n')).toBeLessThan(0.1);
});
