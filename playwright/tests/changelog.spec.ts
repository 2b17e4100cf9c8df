import { expect, type Page, test } from '@playwright/test';
import { seriousAxeFindings, WIDGETS } from './axe.ts';
import { stack, url } from './support.ts';

/**
 * The whole changelog in the roadmap and "what's new" on the feedback launcher, against the
 * reference server and the key proxy in its changelog portal mode (the demo seed's year of
 * entries). Each test starts with empty storage: nothing read, nothing announced.
 */

const PAGE = '/fixtures/changelog.html';

interface Row {
  id: string;
  title: string;
}

/** The published entries, newest first, as an operator reads them with the full-access key. */
async function published(): Promise<Row[]> {
  const response = await fetch(new URL('/api/v2/changelogs?limit=100', stack.serverUrl), {
    headers: { authorization: `Bearer ${stack.fullKey}` },
  });
  if (!response.ok) throw new Error(`GET /api/v2/changelogs: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Row[] }).data;
}

/** Publishes an entry dated now through the v2 API, as the team would. */
async function publish(title: string): Promise<Row> {
  const response = await fetch(new URL('/api/v2/changelogs', stack.serverUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.fullKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, notes: '<p>Shipped today.</p>', published: true }),
  });
  if (response.status !== 201) throw new Error(`POST /api/v2/changelogs: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row;
}

/** Archives an entry, so the specs after this one see the seed's changelog again. */
async function archive(id: string): Promise<void> {
  const response = await fetch(new URL(`/api/v2/changelogs/${encodeURIComponent(id)}`, stack.serverUrl), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${stack.fullKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ archived: true }),
  });
  if (!response.ok) throw new Error(`PATCH /api/v2/changelogs/${id}: ${response.status} ${await response.text()}`);
}

/** Records every `hearken:unread` of the page, with the element that sent it. */
async function recordUnread(page: Page) {
  await page.addInitScript(() => {
    const seen: { from: string; count: number }[] = [];
    (window as unknown as { __unread: typeof seen }).__unread = seen;
    document.addEventListener('hearken:unread', (event) =>
      seen.push({ from: (event.target as Element).localName, count: (event as CustomEvent).detail.count }),
    );
  });
  return async (from: string) =>
    (await page.evaluate(() => (window as unknown as { __unread: { from: string; count: number }[] }).__unread))
      .filter((event) => event.from === from)
      .map((event) => event.count);
}

const roadmap = (page: Page) => page.locator('hearken-roadmap');
const feedback = (page: Page) => page.locator('hearken-feedback');
const changelogTab = (page: Page) => roadmap(page).getByRole('button', { name: /^Changelog/ });
const entries = (page: Page) => roadmap(page).locator('article.hk-changelog');
const launcher = (page: Page) => feedback(page).locator('.hk-launcher');
const popup = (page: Page) => feedback(page).locator('.hk-announcement');

test('the history pages through every published entry, newest first, and links to one entry', async ({ page }) => {
  const rows = await published();
  expect(rows.length, 'the demo seed publishes at least 12 entries').toBeGreaterThanOrEqual(12);
  await page.goto(url(PAGE));
  await changelogTab(page).click();
  await expect(entries(page)).toHaveCount(10);
  await roadmap(page).getByRole('button', { name: 'Show older updates' }).click();
  await expect(entries(page)).toHaveCount(rows.length);
  await expect(roadmap(page).getByRole('button', { name: 'Show older updates' })).toHaveCount(0);
  await expect(roadmap(page).locator('.hk-changelog-title')).toHaveText(rows.map((row) => row.title));
  // Each entry has its anchor: a link to the oldest opens the changelog scrolled to it.
  const oldest = rows.at(-1)!;
  await expect(entries(page).last()).toHaveAttribute('id', `hearken-changelog-${oldest.id}`);
  await page.goto(url(`${PAGE}#hearken-changelog-${encodeURIComponent(oldest.id)}`));
  const target = roadmap(page).locator(`[id="hearken-changelog-${oldest.id}"]`);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
});

test('the launcher badge, the roadmap tab and hearken:unread agree, and reading the changelog clears them', async ({
  page,
}) => {
  const unread = await recordUnread(page);
  await page.goto(url(PAGE));
  // Nothing read yet: every entry of the first page (ten) is unread.
  await expect(launcher(page)).toHaveAccessibleName('Feedback, 10 new updates');
  await expect(launcher(page).locator('.hk-unread')).toContainText('9+');
  await expect(changelogTab(page)).toHaveAccessibleName(/Changelog.*10 new updates/);
  expect(await unread('hearken-feedback')).toEqual([10]);
  expect(await unread('hearken-roadmap')).toEqual([10]);

  await changelogTab(page).click();
  await expect(roadmap(page).locator('.hk-changelog-new')).toHaveCount(10);
  await expect(launcher(page)).toHaveAccessibleName('Feedback');
  await expect(launcher(page).locator('.hk-unread')).toHaveCount(0);
  await expect.poll(() => unread('hearken-feedback')).toEqual([10, 0]);
  expect(await unread('hearken-roadmap')).toEqual([10, 0]);
});

test('an entry published through the v2 API after the page loaded is unread on the next load', async ({ page }) => {
  const unread = await recordUnread(page);
  await page.goto(url(PAGE));
  // The launcher's name is "Feedback" before its first read too: wait until both elements said ten
  // unread and then none, so the reading is stored before the reload.
  await expect.poll(() => unread('hearken-feedback')).toEqual([10]);
  await changelogTab(page).click();
  await expect(roadmap(page).locator('.hk-changelog-new')).toHaveCount(10);
  await expect.poll(() => unread('hearken-feedback')).toEqual([10, 0]);
  expect(await unread('hearken-roadmap')).toEqual([10, 0]);
  await expect(launcher(page)).toHaveAccessibleName('Feedback');
  const entry = await publish(`Published during a visit ${Date.now()}`);
  try {
    await expectUnreadAfterReload(page, entry, unread);
  } finally {
    await archive(entry.id);
  }
});

async function expectUnreadAfterReload(page: Page, entry: Row, unread: (from: string) => Promise<number[]>) {
  await page.reload();
  await expect(launcher(page)).toHaveAccessibleName('Feedback, 1 new update');
  await expect(launcher(page).locator('.hk-unread')).toContainText('1');
  await expect(changelogTab(page)).toHaveAccessibleName(/Changelog.*1 new update$/);
  await expect.poll(() => unread('hearken-feedback')).toEqual([1]);
  expect(await unread('hearken-roadmap')).toEqual([1]);
  await changelogTab(page).click();
  await expect(entries(page).first()).toHaveAttribute('id', `hearken-changelog-${entry.id}`);
  await expect(roadmap(page).locator('.hk-changelog-new')).toHaveCount(1);
  await expect(entries(page).first().locator('.hk-changelog-new')).toBeVisible();
  await expect.poll(() => unread('hearken-feedback')).toEqual([1, 0]);
}

test('the popup shows the newest entry once, takes no focus, closes with Escape and never shows again', async ({
  page,
}) => {
  const [newest] = await published();
  await page.goto(url(PAGE));
  await expect(popup(page)).toBeVisible();
  await expect(popup(page)).toHaveAccessibleName(`What’s new: ${newest!.title}`);
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('body');
  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
  await page.reload();
  await expect(launcher(page)).toHaveAccessibleName(/Feedback, \d+ new updates?/);
  await page.waitForTimeout(500);
  await expect(popup(page)).toHaveCount(0);
});

test('keyboard only: the changelog tab, Show older, the launcher and its dialog with What’s new', async ({ page }) => {
  await page.goto(url(PAGE));
  await expect(launcher(page)).toHaveAccessibleName(/new update/);
  // Tab to the changelog tab.
  for (let presses = 0; presses < 10; presses++) {
    await page.keyboard.press('Tab');
    if (await changelogTab(page).evaluate((tab) => tab.matches(':focus'))) break;
  }
  await expect(changelogTab(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(entries(page)).toHaveCount(10);
  const older = roadmap(page).getByRole('button', { name: 'Show older updates' });
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    if (await older.evaluate((button) => button.matches(':focus'))) break;
  }
  await expect(older).toBeFocused();
  const where = (await older.boundingBox())!.y;
  const scrolled = await page.evaluate(() => scrollY);
  await page.keyboard.press('Enter');
  // Focus goes to the first entry the page brought, where the button was; the page does not jump.
  await expect(entries(page).nth(10)).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(scrolled);
  expect(Math.abs((await entries(page).nth(10).boundingBox())!.y - where)).toBeLessThan(48);

  for (let presses = 0; presses < 100; presses++) {
    await page.keyboard.press('Tab');
    if (await launcher(page).evaluate((button) => button.matches(':focus'))) break;
  }
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = feedback(page).getByRole('dialog');
  await expect(dialog).toBeVisible();
  const whatsNew = dialog.getByRole('region', { name: 'What’s new' });
  await expect(whatsNew.locator('h4')).toHaveCount(3);
  const allUpdates = whatsNew.getByRole('link', { name: 'All updates' });
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    if (await allUpdates.evaluate((link) => link.matches(':focus'))) break;
  }
  await expect(allUpdates).toBeFocused();
  await expect(allUpdates).toHaveAttribute('href', url('/fixtures/changelog.html'));
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious in the history, the popup and What’s new (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url(PAGE));
    await expect(popup(page)).toBeVisible();
    await changelogTab(page).click();
    await expect(entries(page)).toHaveCount(10);
    expect(await seriousAxeFindings(page, { include: WIDGETS })).toEqual([]);
    await launcher(page).click();
    await expect(feedback(page).getByRole('region', { name: 'What’s new' })).toBeVisible();
    expect(await seriousAxeFindings(page, { include: WIDGETS })).toEqual([]);
  });
}

test('at 390 px the popup stays in the launcher corner above it, inside the screen, reduced motion honoured', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url(PAGE));
  await expect(popup(page)).toBeVisible();
  const card = (await popup(page).boundingBox())!;
  const button = (await launcher(page).boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(16);
  expect(card.x + card.width).toBeLessThanOrEqual(390 - 16 + 0.5);
  expect(card.y + card.height).toBeLessThanOrEqual(button.y);
  expect(card.height).toBeLessThan(160);
  expect(await popup(page).evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  // The history fits the width: no sideways scrolling.
  await changelogTab(page).click();
  await expect(entries(page)).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('in Arabic both widgets read right to left, with the count in words', async ({ page }) => {
  await page.goto(url(PAGE));
  await expect(launcher(page)).toHaveAccessibleName(/new updates/);
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('hearken-roadmap, hearken-feedback')) {
      element.setAttribute('language', 'ar');
    }
  });
  await expect(launcher(page)).toHaveAccessibleName('ملاحظات، 10 تحديثات جديدة');
  await expect(roadmap(page).locator('.hk-root')).toHaveAttribute('dir', 'rtl');
  await roadmap(page)
    .getByRole('button', { name: /^آخر التحديثات/ })
    .click();
  await expect(roadmap(page).getByRole('button', { name: 'عرض التحديثات الأقدم' })).toBeVisible();
  await expect(popup(page)).toContainText('الجديد');
});
