import { expect, type Page, test } from '@playwright/test';
import { getThread, HUMAN_PAUSE_MS, nextEvent, portalRead, stack, uniqueText, url } from './support.ts';

/**
 * Issue 33's flows on the script-tag page, on a phone and from the keyboard: what a reader sent or
 * voted for comes back to them when the team moves it.
 */
test.use({ viewport: { width: 360, height: 780 } });

interface PortalIssue {
  id: string;
  title: string;
  upvotes: number;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A v2 write with the seed's full-access key (it holds `issues:write` and `changelogs:write`). */
async function v2Write<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(`/api/v2${path}`, stack.serverUrl), {
    method,
    headers: { authorization: `Bearer ${stack.fullKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api/v2${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Presses `Enter` on what a keyboard user reached. */
async function press(locator: ReturnType<Page['locator']>) {
  await locator.focus();
  await expect(locator).toBeFocused();
  await locator.press('Enter');
}

/** Counts, per page load, the updates reads the page makes, and records each `hearken:updates`. */
async function watchUpdates(page: Page) {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/threads/updates')) reads.push(request.url());
  });
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { __updates: number[] }).__updates = seen;
    document.addEventListener('hearken:updates', (event) =>
      seen.push((event as CustomEvent<{ count: number }>).detail.count),
    );
  });
  return {
    reads,
    events: () => page.evaluate(() => (window as unknown as { __updates: number[] }).__updates),
  };
}

for (const notify of [true, false]) {
  test(`feedback sent with "Email me when this changes" ${notify ? 'ticked' : 'unticked'} sets the thread's notify_contact to ${notify}`, async ({
    page,
  }) => {
    const text = uniqueText(`Notify ${notify}`);
    await page.goto(url('/marketing-site/'));
    const widget = page.locator('hearken-feedback');
    await press(widget.getByRole('button', { name: /^Feedback/ }));
    const dialog = widget.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your feedback' }).fill(text);
    await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill('reader@example.com');
    const box = dialog.getByRole('checkbox', { name: 'Email me when this changes' });
    await expect(box).not.toBeChecked();
    if (notify) {
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
    await press(dialog.getByRole('button', { name: 'Send feedback' }));
    const { threadId } = await success;
    expect(await getThread(threadId)).toMatchObject({ text, notify_contact: notify });
  });
}

test('a voted issue that moves shows on the launcher and in "Your requests", is seen once, and the vote can be taken back', async ({
  page,
}) => {
  const all = await portalRead<PortalIssue[]>('issues');
  // The last issue: the upvote spec votes on the first.
  const issue = all.at(-1);
  expect(issue, 'the demo portal lists an issue').toBeDefined();
  const { id, title } = issue!;
  const name = literal(title);
  const updates = await watchUpdates(page);

  await page.goto(url('/marketing-site/'));
  const roadmap = page.locator('hearken-roadmap[view="issues"]');
  const upvote = roadmap.getByRole('button', { name: new RegExp(`^Upvote ${name}, \\d+ upvotes?$`) });
  await expect(upvote).toBeVisible();
  const voted = nextEvent<{ upvotes: number }>(page, 'hearken:upvote');
  await press(upvote);
  const { upvotes } = await voted;
  const withdraw = roadmap.getByRole('button', {
    name: new RegExp(`^Take back your vote for ${name}, ${upvotes} upvotes?$`),
  });
  await expect(withdraw).toHaveAttribute('aria-pressed', 'true');

  const status = uniqueText('Being built');
  await v2Write('PATCH', `/issues/${encodeURIComponent(id)}`, { status });

  updates.reads.length = 0;
  await page.reload();
  const launcher = page
    .locator('hearken-feedback')
    .getByRole('button', { name: /^Feedback, .*1 of your requests moved$/ });
  await expect(launcher).toBeVisible();
  await expect(launcher.locator('[part="unread"]')).toBeVisible();
  expect(await updates.events()).toEqual([1]);
  await expect(roadmap.getByText(`Moved to \u2068${status}\u2069 since you voted`)).toBeVisible();

  await press(launcher);
  const requests = page.locator('hearken-feedback').getByRole('region', { name: 'Your requests' });
  await expect(requests.getByRole('heading', { name: title, level: 4 })).toBeVisible();
  await expect(requests.getByText(status, { exact: true })).toBeVisible();
  expect(updates.reads, 'one updates read for the page load').toHaveLength(1);

  // Seen: after a reload nothing is counted.
  updates.reads.length = 0;
  await page.reload();
  await expect(page.locator('hearken-feedback').getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();
  await expect(page.locator('hearken-feedback [part="unread"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(updates.reads.length).toBeLessThanOrEqual(1);
  expect(await updates.events()).toEqual([]);

  // An entry that links the issue (its title does not name it) is where it shipped.
  const release = uniqueText('The winter release');
  const entry = await v2Write<{ id: string }>('POST', '/changelogs', {
    title: release,
    notes: '<p>Everything we finished this month.</p>',
    issue_ids: [id],
    published: true,
  });
  await page.goto(url('/fixtures/changelog.html'));
  const feedback = page.locator('hearken-feedback');
  await press(feedback.getByRole('button', { name: /^Feedback/ }));
  const shipped = feedback
    .getByRole('region', { name: 'Your requests' })
    .getByRole('link', { name: `Shipped in ${release}`, exact: true });
  await expect(shipped).toHaveAttribute(
    'href',
    new RegExp(`/fixtures/changelog\\.html#hearken-changelog-${literal(entry.id)}$`),
  );
  await page.goto(url('/marketing-site/'));

  // A second press takes the vote back: the count drops by one, here and in the service.
  await expect(withdraw).toBeVisible();
  await press(withdraw);
  const again = roadmap.getByRole('button', { name: new RegExp(`^Upvote ${name}, ${upvotes - 1} upvotes?$`) });
  await expect(again).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await portalRead<PortalIssue[]>('issues')).find((row) => row.id === id)?.upvotes)
    .toBe(upvotes - 1);
  await page.reload();
  await expect(again).toBeVisible();
});

/**
 * The launcher's name (its label, then unread entries if any, then the moved request) and "Your
 * requests" in a language other than English.
 */
const LOCALES = [
  { language: 'ar', dir: 'rtl', launcher: /^ملاحظات، (.+, )?تغيّرت حالة 1 من طلباتك$/, region: 'طلباتك' },
  { language: 'es', dir: 'ltr', launcher: /^Opinión, (.+, )?1 de tus solicitudes avanzó$/, region: 'Tus solicitudes' },
] as const;

test('in Arabic (right to left) and Spanish at 360 px, from the keyboard: the badge names the moved request and "Your requests" shows it', async ({
  page,
}) => {
  const open = (await portalRead<(PortalIssue & { status: string })[]>('issues')).filter(
    (row) => !['Done', 'Canceled'].includes(row.status),
  );
  // Not the first (the upvote spec) nor the last (the test above).
  const issue = open.at(-2);
  expect(issue, 'the demo portal lists open issues').toBeDefined();
  const { id, title } = issue!;
  await page.goto(url('/marketing-site/'));
  const roadmap = page.locator('hearken-roadmap[view="issues"]');
  const voted = nextEvent(page, 'hearken:upvote');
  await press(roadmap.getByRole('button', { name: new RegExp(`^Upvote ${literal(title)}, \\d+ upvotes?$`) }));
  await voted;
  const status = uniqueText('Moved');
  await v2Write('PATCH', `/issues/${encodeURIComponent(id)}`, { status });

  const widget = page.locator('hearken-feedback');
  const speak = (language: string) =>
    widget.evaluate((element, value) => element.setAttribute('language', value), language);
  const [first, ...others] = LOCALES;
  // The stack's proxy caches the portal reads, and so the issues' statuses, for no time
  // (global-setup.ts): the next load shows the move.
  await page.reload();
  await speak(first.language);
  await expect(widget.getByRole('button', { name: first.launcher })).toBeVisible();
  // The badge in each language before the dialog opens (opening marks the move seen).
  for (const { language, launcher } of others) {
    await speak(language);
    await expect(widget.getByRole('button', { name: launcher })).toBeVisible();
  }
  await speak(first.language);
  const launcher = widget.getByRole('button', { name: first.launcher });
  await expect(launcher.locator('[part="unread"]')).toBeVisible();
  await press(launcher);
  for (const { language, dir, region } of LOCALES) {
    await speak(language);
    const requests = widget.getByRole('region', { name: region });
    await expect(requests.getByRole('heading', { name: title, level: 4 })).toBeVisible();
    await expect(requests.getByText(status, { exact: true })).toBeVisible();
    expect(await requests.evaluate((element) => getComputedStyle(element).direction)).toBe(dir);
    // Whole on a 360 px phone: nothing cut at either edge.
    const box = (await requests.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
});
