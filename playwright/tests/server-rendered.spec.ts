import { expect, type Page, test } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { getThread, holdBack, nextEvent, portalRead, stack, url, watchPage } from './support.ts';

/**
 * The server-rendered example (examples/server-rendered/): the roadmap, issues and changelog are
 * in the HTML, readable without scripts; the element then adopts that markup.
 */

interface Named {
  id: string;
  name: string;
  upvotes: number;
  state?: string | null;
}

/** Shipped or dropped work reads, not votes: the test votes on a project still open. */
const closed = (state: string | null | undefined) =>
  /^(completed|done|shipped|released|live|closed|canceled|cancelled|duplicate|wontdo|wontfix)$/.test(
    (state ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''),
  );
interface Titled {
  id: string;
  title: string;
  url: string;
}

const PAGE = '/server-rendered/';
// By place: the `view` attribute follows the reader's tab.
const VIEWS = ['roadmap', 'issues', 'changelog'];
const widget = (page: Page, view: string) => page.locator('hearken-roadmap').nth(VIEWS.indexOf(view));

/** Requests for the portal data the page was served with. */
function portalReads(page: Page) {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) reads.push(request.url());
  });
  return reads;
}

test('without JavaScript the roadmap, the issues and the changelog are in the page, with real links', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url(PAGE));
  const [projects, issues, { latestChangelog }] = await Promise.all([
    portalRead<Named[]>('projects'),
    portalRead<Titled[]>('issues'),
    portalRead<{ latestChangelog: { title: string } }>('workspaces'),
  ]);
  for (const project of projects) await expect(widget(page, 'roadmap').getByText(project.name).first()).toBeVisible();
  for (const issue of issues.slice(0, 5))
    await expect(widget(page, 'issues').getByText(issue.title).first()).toBeVisible();
  await expect(widget(page, 'changelog').getByRole('heading', { name: latestChangelog.title })).toBeVisible();
  await expect(widget(page, 'changelog').locator('.hk-notes')).not.toBeEmpty();
  const links = widget(page, 'issues').getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))))
    expect(href).toMatch(/^https?:\/\//);
  await context.close();
});

test('with JavaScript the element adopts the markup: same nodes, no read, no CSP report, and a vote works', async ({
  page,
}) => {
  const watch = await watchPage(page);
  const reads = portalReads(page);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The widget's script waits until the server's nodes are marked.
  const release = await holdBack(page, '**/hearken/hearken.js');
  await page.goto(url(PAGE), { waitUntil: 'commit' });
  await expect(widget(page, 'roadmap').locator('.hk-card').first()).toBeVisible();
  const served = await page.evaluate(() => {
    const all = [...document.querySelectorAll('hearken-roadmap')].flatMap((element) => [
      ...element.shadowRoot!.querySelectorAll('.hk-root *'),
    ]);
    (window as unknown as { served: Element[] }).served = all;
    return all.length;
  });
  expect(served).toBeGreaterThan(100);
  const loaded = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let count = 0;
        document.addEventListener('hearken:load', () => {
          if (++count === 3) resolve(count);
        });
      }),
  );
  // Shifts of the page's own load (a font arriving) are not the adoption's.
  await page.evaluate(() => document.fonts.ready);
  const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  const loading = (await shifts()).length;
  release();
  expect(await loaded).toBe(3);
  // Adopting moved nothing (Chromium's layout-shift entries).
  expect((await shifts()).slice(loading)).toEqual([]);

  const project = (await portalRead<Named[]>('projects')).find((candidate) => !closed(candidate.state));
  const escaped = project!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const roadmap = widget(page, 'roadmap');
  const upvote = roadmap.getByRole('button', { name: new RegExp(`^Upvote ${escaped}, \\d+ upvotes?$`) });
  await expect(upvote).toContainText(String(project!.upvotes));
  const recorded = nextEvent<{ id: string; upvotes: number; threadId: string }>(page, 'hearken:upvote');
  await upvote.click();
  const detail = await recorded;
  expect(detail).toMatchObject({ id: project!.id, upvotes: project!.upvotes + 1 });
  await expect(
    roadmap.getByRole('button', { name: new RegExp(`^Take back your vote for ${escaped}, `) }),
  ).toContainText(String(project!.upvotes + 1));
  const after = (await portalRead<Named[]>('projects')).find((candidate) => candidate.id === project!.id);
  expect(after?.upvotes).toBe(project!.upvotes + 1);
  expect(await getThread(detail.threadId)).toMatchObject({ origin: 'UPVOTE', project_id: project!.id });

  // Every node the server wrote is still in place; none was drawn twice, no skeleton came.
  const kept = await page.evaluate(() => {
    const nodes = (window as unknown as { served: Element[] }).served;
    return {
      lost: nodes.filter((node) => !node.isConnected).map((node) => node.outerHTML.slice(0, 80)),
      roots: [...document.querySelectorAll('hearken-roadmap')].map(
        (element) => element.shadowRoot!.querySelectorAll('.hk-root').length,
      ),
      skeletons: [...document.querySelectorAll('hearken-roadmap')].filter((element) =>
        element.shadowRoot!.querySelector('.hk-shell'),
      ).length,
    };
  });
  expect(kept).toEqual({ lost: [], roots: [1, 1, 1], skeletons: 0 });
  // Nor did the vote move anything. (Searching and paging on below change what is shown on purpose;
  // on a loaded machine their results can land past the half second a shift counts as the user's.)
  expect((await shifts()).slice(loading)).toEqual([]);
  // Tabs and search work as in client rendering.
  const issues = widget(page, 'issues');
  const [issue] = await portalRead<Titled[]>('issues');
  const all = await issues.locator('.hk-issue').count();
  await issues.getByRole('searchbox').fill(issue!.title);
  await expect(issues.getByRole('status').filter({ hasText: /issues? found/ })).toBeAttached();
  expect(await issues.locator('.hk-issue').count()).toBeLessThan(all);
  await roadmap.getByRole('button', { name: 'Issues', exact: true }).click();
  await expect(roadmap.getByRole('searchbox')).toBeVisible();
  // The changelog reads its history through the proxy (more than the server gave) and pages on.
  const changelog = widget(page, 'changelog');
  await expect(changelog.locator('article.hk-changelog')).toHaveCount(10);
  await changelog.getByRole('button', { name: 'Show older updates' }).click();
  await expect.poll(() => changelog.locator('article.hk-changelog').count()).toBeGreaterThan(10);
  expect(reads.filter((read) => read.startsWith(stack.serverUrl) || read.startsWith(stack.proxyUrl))).toEqual([]);
  expect(await watch.cspViolations()).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
});

test('a browser without declarative shadow DOM renders on the client, each widget once', async ({ page }) => {
  const watch = await watchPage(page);
  const reads = portalReads(page);
  // The page with its templates re-labelled: no browser attaches them.
  await page.goto(url(`${PAGE}no-dsd.html`));
  const project = (await portalRead<Named[]>('projects')).find((candidate) => !closed(candidate.state));
  const roadmap = widget(page, 'roadmap');
  await expect(roadmap.getByText(project!.name, { exact: true })).toHaveCount(1);
  const roots = await page.evaluate(() =>
    [...document.querySelectorAll('hearken-roadmap')].map(
      (element) => element.shadowRoot?.querySelectorAll('.hk-root').length,
    ),
  );
  expect(roots).toEqual([1, 1, 1]);
  // The served data spares the reads.
  expect(reads).toEqual([]);
  expect(await watch.cspViolations()).toEqual([]);
});

test('the adopted page has no serious accessibility finding', async ({ page }) => {
  await page.addInitScript(() => {
    const loads = { count: 0 };
    (window as unknown as { loads: typeof loads }).loads = loads;
    document.addEventListener('hearken:load', () => loads.count++);
  });
  await page.goto(url(PAGE));
  await expect.poll(() => page.evaluate(() => (window as unknown as { loads: { count: number } }).loads.count)).toBe(3);
  expect(await seriousAxeFindings(page, { include: ['hearken-roadmap'] })).toEqual([]);
});
