import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { HUMAN_PAUSE_MS, nextEvent, portalRead, threadsWithText, url } from './support.ts';

interface PortalIssue {
  id: string;
  title: string;
  upvotes: number;
}

/**
 * A seeded issue and, per test, a draft that says the same in other words. Each test writes its
 * own and counts the threads of that text it adds (a tag to make the text unique would be words
 * the matcher has to weigh).
 */
const SEEDED = {
  title: 'Export notes as PDF',
  drafts: {
    vote: 'Can I export a notebook to pdf so I can print it?',
    keyboard: 'please let me export a note to pdf',
    phone: 'exporting my notes to PDF for printing',
    offline: 'I need to print my notes to PDF',
    off: 'export notes to pdf please',
  },
};

const draft = (test: keyof typeof SEEDED.drafts) => SEEDED.drafts[test];

async function seeded(): Promise<PortalIssue> {
  const issue = (await portalRead<PortalIssue[]>('issues')).find((candidate) => candidate.title === SEEDED.title);
  if (!issue) throw new Error(`the demo seed has no issue "${SEEDED.title}"`);
  return issue;
}

/** The settings page's inline form, the way a reader finds it. */
async function open(page: Page): Promise<Locator> {
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  return widget;
}

const voteButton = (within: Locator | Page, title: string) =>
  within.getByRole('button', { name: new RegExp(`^Vote for this ?: ${title}$`) });

/** A confirmation's words, the title between its bidi isolates. */
const saying = (before: string, title: string, after = '') => new RegExp(`${before}\u2068?${title}\u2069?${after}`);

test('a paraphrase of a seeded issue shows it; "Vote for this" records one UPVOTE with the draft, no WIDGET thread', async ({
  page,
}) => {
  const issue = await seeded();
  const widget = await open(page);
  const text = draft('vote');
  const before = (await threadsWithText(text)).length;
  await widget.getByLabel('Your feedback').fill(text);
  const list = widget.getByRole('list', { name: 'Already asked? Vote for it instead' });
  await expect(list.getByRole('listitem').filter({ hasText: issue.title }).first()).toBeVisible();
  await expect(widget.getByRole('status').first()).toHaveText(/similar requests? found/);
  await page.waitForTimeout(HUMAN_PAUSE_MS);

  const voted = nextEvent<{ issueId: string }>(page, 'hearken:vote');
  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await voteButton(widget, issue.title).click();
  expect(await voted).toMatchObject({ issueId: issue.id });
  const { threadId } = await success;
  await expect(widget.getByText(saying('Your vote and your message were added to “', issue.title, '”'))).toBeVisible();

  const threads = await threadsWithText(text);
  expect(threads).toHaveLength(before + 1);
  expect(threads.find((thread) => thread.id === threadId)).toMatchObject({
    origin: 'UPVOTE',
    issue_id: issue.id,
  });
  expect(threads.filter((thread) => thread.origin === 'WIDGET')).toEqual([]);
  const after = (await portalRead<PortalIssue[]>('issues')).find((candidate) => candidate.id === issue.id);
  expect(after?.upvotes).toBe(issue.upvotes + 1);
});

test('keyboard only: Tab reaches the suggestion, Enter votes, focus lands on the way back', async ({ page }) => {
  const issue = await seeded();
  const widget = await open(page);
  const text = draft('keyboard');
  const before = (await threadsWithText(text)).length;
  await widget.getByLabel('Your feedback').focus();
  await page.keyboard.type(text);
  await expect(voteButton(widget, issue.title)).toBeVisible();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  for (let presses = 0; presses < 6; presses += 1) {
    await page.keyboard.press('Tab');
    if (await voteButton(widget, issue.title).evaluate((button) => button.matches(':focus'))) break;
  }
  await expect(voteButton(widget, issue.title)).toBeFocused();
  await page.keyboard.press('Enter');
  const again = widget.getByRole('button', { name: 'Send more feedback' });
  await expect(again).toBeFocused();
  await expect.poll(async () => (await threadsWithText(text)).length).toBe(before + 1);
  expect((await threadsWithText(text)).every((thread) => thread.origin === 'UPVOTE')).toBe(true);
});

test('suggestions have no serious axe finding and fit at 390 px, confirmation before the way back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const issue = await seeded();
  const widget = await open(page);
  await widget.getByLabel('Your feedback').fill(draft('phone'));
  const item = widget.getByRole('listitem').filter({ has: voteButton(page, issue.title) });
  await expect(item).toBeVisible();
  expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);
  const box = await item.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const button = voteButton(widget, issue.title);
  const buttonBox = await button.boundingBox();
  expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(box!.x + box!.width);

  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await button.click();
  const confirmation = widget.getByText(saying('Your vote and your message were added to “', issue.title, '”'));
  const again = widget.getByRole('button', { name: 'Send more feedback' });
  await expect(again).toBeVisible();
  const said = await confirmation.boundingBox();
  const back = await again.boundingBox();
  expect(said!.y + said!.height).toBeLessThanOrEqual(back!.y);
});

test('a vote made offline is queued and sent once after reconnecting', async ({ page, context }) => {
  const issue = await seeded();
  const widget = await open(page);
  const text = draft('offline');
  const before = (await threadsWithText(text)).length;
  await widget.getByLabel('Your feedback').fill(text);
  await expect(voteButton(widget, issue.title)).toBeVisible();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await context.setOffline(true);
  const queued = nextEvent(page, 'hearken:queued');
  await voteButton(widget, issue.title).click();
  await queued;
  await expect(widget.getByText(saying('Your vote for “', issue.title, '” is saved'))).toBeVisible();
  await expect(widget.getByRole('button', { name: new RegExp(`^Voted ?: ${issue.title}$`) })).toBeVisible();
  expect(await threadsWithText(text)).toHaveLength(before);

  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await context.setOffline(false);
  const { threadId } = await success;
  // Another load must not send it again.
  await page.reload();
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const threads = await threadsWithText(text);
  expect(threads).toHaveLength(before + 1);
  expect(threads.find((thread) => thread.id === threadId)).toMatchObject({ origin: 'UPVOTE', issue_id: issue.id });
});

test('suggest="off" shows nothing', async ({ page }) => {
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await widget.evaluate((element) => element.setAttribute('suggest', 'off'));
  await expect(widget).toHaveAttribute('suggest', 'off');
  await widget.getByLabel('Your feedback').fill(draft('off'));
  await page.waitForTimeout(1_000);
  await expect(widget.getByRole('listitem')).toHaveCount(0);
  // The same draft with suggestions on does show the issue: the check above can fail.
  await widget.evaluate((element) => element.setAttribute('suggest', 'on'));
  await widget.getByLabel('Your feedback').fill(`${draft('off')} `);
  await expect(widget.getByRole('listitem').first()).toBeVisible();
});

test('in Arabic at 360 px the suggestions read right to left and fit', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const issue = await seeded();
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await widget.evaluate((element) => element.setAttribute('language', 'ar'));
  const field = widget.getByLabel('ملاحظاتك');
  await field.fill(`${issue.title} ${issue.title}`);
  const list = widget.getByRole('list', { name: 'طُلب هذا من قبل؟ صوّت له بدلًا من ذلك' });
  const item = list.getByRole('listitem').filter({ hasText: issue.title });
  await expect(item).toBeVisible();
  expect(await item.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  const box = await item.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Right to left, the vote button sits at the row's left end.
  const button = await item.getByRole('button', { name: /^صوّت لهذا/ }).boundingBox();
  expect(button!.x).toBeLessThan(box!.x + box!.width / 2);
});
