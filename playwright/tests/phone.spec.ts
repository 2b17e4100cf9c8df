import { expect, type Locator, test } from '@playwright/test';
import { url } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Boxes of the elements matching `selector` inside the roadmap's shadow root. */
const boxes = (roadmap: Locator, selector: string) =>
  roadmap.evaluate(
    (element, css) =>
      [...element.shadowRoot!.querySelectorAll(css)].map((node) => {
        const { left, right, top, bottom } = node.getBoundingClientRect();
        // The text's line boxes: one per line it takes, however its element is laid out.
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        return { left, right, top, bottom, lines, text: node.textContent };
      }),
    selector,
  );

/** How much of the second column shows inside the columns' scroll box, in px. */
const peek = (roadmap: Locator) =>
  roadmap.evaluate((element) => {
    const columns = element.shadowRoot!.querySelector('.hk-columns')!;
    const box = columns.getBoundingClientRect();
    const second = columns.querySelectorAll('.hk-column')[1]!.getBoundingClientRect();
    return {
      overflows: columns.scrollWidth > columns.clientWidth,
      visible: Math.min(box.right, second.right) - Math.max(box.left, second.left),
    };
  });

/**
 * What of the tab bar does not show: tabs or the "New" badge outside the bar's box, or a bar that
 * scrolls (its hidden part has no scroll cue). Empty when everything is in view.
 */
const clipped = (roadmap: Locator) =>
  roadmap.evaluate((element) => {
    const root = element.shadowRoot!;
    const bar = root.querySelector('.hk-tabs');
    if (!bar) return ['no tab bar'];
    const box = bar.getBoundingClientRect();
    const problems = bar.scrollWidth > bar.clientWidth ? [`scrolls ${bar.scrollWidth} > ${bar.clientWidth}`] : [];
    for (const node of root.querySelectorAll('.hk-tab, .hk-badge')) {
      const { left, right } = node.getBoundingClientRect();
      if (left < box.left - 0.5 || right > box.right + 0.5) problems.push(`${node.textContent} at ${left}-${right}`);
    }
    if (!root.querySelector('.hk-badge')) problems.push('no New badge');
    return problems;
  });

for (const width of [360, 390, 400]) {
  test(`at ${width} px the tab bar shows every tab and the New badge, left to right and right to left`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url('/fixtures/roadmap-only.html'));
    const roadmap = page.locator('hearken-roadmap');
    await expect(roadmap.getByRole('region', { name: 'Roadmap' })).toBeVisible();
    // French has the longest labels; Arabic clipped the badge at the start edge of a scrolling bar.
    for (const [language, changelog] of [
      ['en', 'Changelog'],
      ['fr', 'Nouveautés'],
      ['ar', 'آخر التحديثات'],
    ] as const) {
      await roadmap.evaluate((element, value) => element.setAttribute('language', value), language);
      await expect(roadmap.locator('.hk-tab').nth(2)).toContainText(changelog);
      expect(await clipped(roadmap), `${language} at ${width} px`).toEqual([]);
      const rows = new Set((await boxes(roadmap, '.hk-tab')).map((tab) => Math.round(tab.top)));
      expect(rows.size, `${language} at ${width} px: tabs on one row`).toBe(1);
    }
  });
}

test('at 390 px the tabs keep one line, columns scroll with the next one peeking in (also right to left), and identifiers never break', async ({
  page,
}) => {
  await page.goto(url('/fixtures/roadmap-only.html'));
  const roadmap = page.locator('hearken-roadmap');
  await expect(roadmap.getByRole('region', { name: 'Roadmap' })).toBeVisible();

  for (const language of ['en', 'de', 'ar']) {
    await roadmap.evaluate((element, value) => element.setAttribute('language', value), language);
    await expect(roadmap.locator('.hk-root')).toHaveAttribute('lang', language);
    await expect(roadmap.locator('.hk-column').nth(1)).toBeAttached();
    const tabs = await boxes(roadmap, '.hk-tab');
    expect(tabs.length, language).toBeGreaterThanOrEqual(2);
    expect(new Set(tabs.map((tab) => Math.round(tab.top))).size, `${language}: tabs on one line`).toBe(1);
    const { overflows, visible } = await peek(roadmap);
    expect(overflows, `${language}: the columns scroll`).toBe(true);
    // A part of the next column is in view: the cue that more follow.
    expect(visible, `${language}: the next column peeks in`).toBeGreaterThan(24);
    expect(visible).toBeLessThan(200);
  }

  // Long tab labels (a wordy translation) and long identifiers, through the element's properties.
  await roadmap.evaluate((element: HTMLElement & { strings: unknown; fetch: typeof fetch }) => {
    element.strings = { roadmap: 'Product roadmap', issues: 'Issues and requests', changelog: 'Release notes' };
    element.fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/api/v1/issues/')) return response;
      const issues = (await response.json()) as { identifier: string; title: string }[];
      for (const issue of issues) {
        issue.identifier = `PLATFORM-INFRASTRUCTURE-${issue.identifier}`;
        issue.title = `${issue.title}, which takes several lines to say on a phone screen`;
      }
      return new Response(JSON.stringify(issues), { status: response.status, headers: response.headers });
    };
    element.setAttribute('language', 'en');
    element.setAttribute('view', 'issues');
  });
  await expect(roadmap.locator('.hk-id').first()).toContainText('PLATFORM-INFRASTRUCTURE-');
  const tabs = await boxes(roadmap, '.hk-tab');
  expect(new Set(tabs.map((tab) => Math.round(tab.top))).size, 'long tab labels: one line').toBe(1);
  const identifiers = await boxes(roadmap, '.hk-id, .hk-link');
  expect(identifiers.length).toBeGreaterThan(0);
  for (const identifier of identifiers) expect(identifier.lines, identifier.text ?? '').toBe(1);
  const page390 = await roadmap.evaluate((element) => element.getBoundingClientRect().width);
  expect(page390).toBeLessThanOrEqual(390);
});

test('project states and issue priorities from the service, however long, stay inside their columns and cards in both directions', async ({
  page,
}) => {
  await page.goto(url('/fixtures/roadmap-only.html'));
  const roadmap = page.locator('hearken-roadmap');
  await expect(roadmap.getByRole('region', { name: 'Roadmap' })).toBeVisible();
  // The service's own words, untranslated: a state and a priority with no place to break.
  await roadmap.evaluate((element: HTMLElement & { fetch: typeof fetch }) => {
    element.fetch = async (input, init) => {
      const response = await fetch(input, init);
      const address = String(input instanceof Request ? input.url : input);
      const kind = ['/api/v1/projects/', '/api/v1/issues/'].find((path) => address.includes(path));
      if (!kind) return response;
      const rows = (await response.json()) as { state?: string | null; priority?: string; status?: string }[];
      for (const row of rows) {
        if (kind.includes('projects')) row.state = 'Awaiting_stakeholder_sign_off_before_planning_next_quarter';
        else {
          row.priority = 'Urgent_customer_escalation_with_contractual_deadline';
          row.status = 'Waiting_for_third_party_vendor_confirmation';
        }
      }
      return new Response(JSON.stringify(rows), { status: response.status, headers: response.headers });
    };
    element.setAttribute('workspace', element.getAttribute('workspace') ?? '');
  });

  const outside = (selector: string, container: string) =>
    roadmap.evaluate(
      (element, [inner, outer]: [string, string]) =>
        [...element.shadowRoot!.querySelectorAll(inner)].flatMap((node) => {
          const box = node.closest(outer)!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(node);
          return [...range.getClientRects()]
            .filter((line) => line.left < box.left - 0.5 || line.right > box.right + 0.5)
            .map((line) => `${node.textContent} at ${line.left}-${line.right} in ${box.left}-${box.right}`);
        }),
      [selector, container] as [string, string],
    );

  for (const language of ['en', 'ar']) {
    await roadmap.evaluate((element, value) => element.setAttribute('language', value), language);
    await roadmap.evaluate((element) => element.setAttribute('view', 'roadmap'));
    await expect(roadmap.locator('.hk-group-title').first()).toContainText('Awaiting_stakeholder');
    await expect(roadmap.locator('.hk-root')).toHaveAttribute('lang', language);
    expect(await outside('.hk-group-title', '.hk-column'), `${language}: project states`).toEqual([]);
    await roadmap.evaluate((element) => element.setAttribute('view', 'issues'));
    await expect(roadmap.locator('.hk-issue .hk-meta').first()).toContainText('Urgent_customer');
    expect(await outside('.hk-issue .hk-meta', '.hk-issue'), `${language}: priorities`).toEqual([]);
    expect(await outside('.hk-group-title', '.hk-group'), `${language}: issue statuses`).toEqual([]);
  }
});
