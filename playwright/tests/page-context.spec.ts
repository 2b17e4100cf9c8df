import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { HUMAN_PAUSE_MS, nextEvent, stack, threadsWithText, uniqueText, url } from './support.ts';

// The inline form with screenshots on, on a page of the examples server.
const PAGE = '/fixtures/screenshot.html';

/** GET on the service's v2 API with the full-access key. */
async function v2<T>(path: string): Promise<T> {
  const response = await fetch(new URL(`/api/v2${path}`, stack.serverUrl), {
    headers: { authorization: `Bearer ${stack.fullKey}` },
  });
  expect(response.ok, `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

const threadMetadata = async (id: string) =>
  (await v2<{ metadata: Record<string, string> }>(`/threads/${encodeURIComponent(id)}`)).metadata;
const messagesOf = async (id: string) =>
  (await v2<{ data: { attachments: { content_type: string }[] }[] }>(`/threads/${encodeURIComponent(id)}/messages`))
    .data;

async function open(page: Page, path = PAGE): Promise<Locator> {
  await page.goto(url(path));
  const widget = page.locator('hearken-feedback');
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  return widget;
}

/** The label "Show details" gives each of the form's own keys; a host's key reads as its words. */
const LABELS: Record<string, string> = {
  page_url: 'Page',
  page_title: 'Page title',
  language: 'Language',
  time_zone: 'Time zone',
  viewport: 'Window size',
  browser: 'Browser',
  os: 'Operating system',
};

/** Stored metadata as "Show details" lists it: by label. */
const labelled = (metadata: Record<string, string>) =>
  Object.fromEntries(Object.entries(metadata).map(([key, value]) => [LABELS[key] ?? key.replace(/_/g, ' '), value]));

/** The labels and values the form lists under "Show details", as the user sees them. */
async function shownContext(widget: Locator): Promise<Record<string, string>> {
  const terms = await widget.locator('.hk-context-summary dt').allTextContents();
  const values = await widget.locator('.hk-context-summary dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}

/** Writes the message from the keyboard, then waits as a person would (the proxy's fill-time check). */
async function type(page: Page, widget: Locator, text: string): Promise<void> {
  await widget.getByLabel('Your feedback').focus();
  await page.keyboard.type(text);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
}

/** Sends the form from the keyboard. */
async function send(page: Page, widget: Locator): Promise<void> {
  await widget.getByRole('button', { name: 'Send feedback' }).focus();
  await page.keyboard.press('Enter');
}

/** A PNG drawn in the page, 640 x 400. */
async function png(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 400);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a6';
    context.fillRect(0, 0, 640, 400);
    context.fillStyle = '#fff';
    context.fillRect(100, 100, 200, 120);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  });
  return Buffer.from(base64, 'base64');
}

async function attachImage(page: Page, widget: Locator): Promise<void> {
  await widget.getByRole('button', { name: 'Add a screenshot' }).click();
  await widget
    .locator('input[type=file]')
    .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: await png(page) });
  await widget.getByRole('button', { name: 'Attach screenshot' }).click();
  await expect(widget.getByText(/^Screenshot attached/)).toBeVisible();
}

/** The POSTs to the proxy's thread and message routes that it answered with a 201, across reloads. */
function countCreated(page: Page) {
  const created = { threads: 0, messages: 0 };
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'POST' || !request.url().startsWith(stack.proxyUrl)) return;
    if ((await request.response())?.status() !== 201) return;
    const path = new URL(request.url()).pathname;
    if (path === '/api/v2/threads') created.threads++;
    else if (/^\/api\/v2\/threads\/[^/]+\/messages$/.test(path)) created.messages++;
  });
  return created;
}

/** The thread of `text` and its messages, once the service has a message for it. */
async function delivered(text: string) {
  await expect
    .poll(
      async () => {
        const [thread] = await threadsWithText(text);
        return thread ? (await messagesOf(thread.id)).length : -1;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const threads = await threadsWithText(text);
  expect(threads).toHaveLength(1);
  return { thread: threads[0]!, messages: await messagesOf(threads[0]!.id) };
}

test('the page context goes with the feedback exactly as the form shows it, without query string and fragment; keyboard only, 390 px, axe', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const widget = await open(page, `${PAGE}?token=s3cret&plan=pro#billing`);
  await widget.evaluate((element) => {
    (element as HTMLElement & { context: Record<string, string> }).context = { app_version: '4.2.0' };
  });
  const text = uniqueText('With its page context');
  await type(page, widget, text);

  const disclosure = widget.getByRole('checkbox', { name: /^Also send: / });
  await expect(disclosure).toBeChecked();
  await expect(disclosure).toHaveAccessibleName(/page, .*browser, and app version$/);
  await widget.getByText('Show details').focus();
  await page.keyboard.press('Enter');
  await expect(widget.locator('.hk-context-summary dl')).toBeVisible();
  const shown = await shownContext(widget);
  expect(shown).toMatchObject({
    Page: url(PAGE),
    'Page title': 'Account · screenshot test page',
    'Window size': '390x844',
    'app version': '4.2.0',
  });
  expect(shown.Browser).toMatch(/Chrom/);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);

  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await send(page, widget);
  const { threadId } = await success;
  const stored = await threadMetadata(threadId);
  expect(labelled(stored)).toEqual(shown);
  expect(stored.page_url).not.toMatch(/[?#]|s3cret/);
});

test('unticking the disclosure sends no context at all', async ({ page }) => {
  const widget = await open(page);
  const text = uniqueText('Without any context');
  await type(page, widget, text);
  await widget.getByRole('checkbox', { name: /^Also send: / }).focus();
  await page.keyboard.press('Space');
  await expect(widget.getByRole('checkbox', { name: /^Also send: / })).not.toBeChecked();
  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await send(page, widget);
  const { threadId } = await success;
  expect(await threadMetadata(threadId)).toEqual({});
});

test('offline with an image, a reload, back online: one thread and one message with the image', async ({
  page,
  context,
}) => {
  const created = countCreated(page);
  const widget = await open(page);
  const text = uniqueText('Offline with a picture');
  await type(page, widget, text);
  await attachImage(page, widget);
  // The proxy out of reach, the page itself still served: as on a flaky connection.
  await page.route(`${stack.proxyUrl}/**`, (route) => route.abort('internetdisconnected'));
  const queued = nextEvent(page, 'hearken:queued');
  await send(page, widget);
  await queued;
  await expect(widget.getByText(/offline/i)).toBeVisible();

  await page.reload();
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  expect(await threadsWithText(text)).toHaveLength(0);

  await page.unroute(`${stack.proxyUrl}/**`);
  // The browser says it is back online: the queue goes out.
  await context.setOffline(true);
  await context.setOffline(false);
  const { thread, messages } = await delivered(text);
  expect(messages[0]?.attachments).toMatchObject([{ content_type: 'image/png' }]);

  // Another load sends nothing again.
  await page.reload();
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await threadsWithText(text)).toHaveLength(1);
  expect(await messagesOf(thread.id)).toHaveLength(1);
  expect(created).toEqual({ threads: 1, messages: 1 });
});

test('the network lost between the thread and its message: after a reload only the message goes, once', async ({
  page,
  context,
}) => {
  const created = countCreated(page);
  const widget = await open(page);
  const text = uniqueText('Thread first, picture later');
  await type(page, widget, text);
  await attachImage(page, widget);
  const messageRoute = `${stack.proxyUrl}/api/v2/threads/*/messages`;
  await page.route(messageRoute, (route) => route.abort('internetdisconnected'));
  const queued = nextEvent(page, 'hearken:queued');
  await send(page, widget);
  await queued;
  const [thread] = await threadsWithText(text);
  expect(thread).toBeDefined();
  expect(await messagesOf(thread!.id)).toHaveLength(0);

  await page.unroute(messageRoute);
  await page.reload();
  // The form is back, or it already sent what waited (it tries at once when the page loads).
  await expect(
    widget.getByLabel('Your feedback').or(widget.getByRole('status').filter({ hasText: 'Your feedback was sent' })),
  ).toBeVisible();
  await context.setOffline(true);
  await context.setOffline(false);
  const resumed = await delivered(text);
  expect(resumed.thread.id).toBe(thread!.id);
  await page.waitForLoadState('networkidle');
  expect(created).toEqual({ threads: 1, messages: 1 });
});

test('the disclosure in Arabic at 360 px: right to left, inside the screen, axe finds nothing serious', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const widget = await open(page);
  await widget.evaluate((element) => {
    element.setAttribute('language', 'ar');
    (element as HTMLElement & { context: Record<string, string> }).context = {
      app_version: '4.2.0',
      release_channel: 'a-rather-long-channel-name-without-spaces-that-must-wrap',
    };
  });
  const disclosure = widget.getByRole('checkbox', { name: /^أرسل أيضًا: / });
  await expect(disclosure).toBeChecked();
  await widget.getByText('عرض التفاصيل').click();
  expect(
    await widget.evaluate(
      (element) => getComputedStyle(element.shadowRoot!.querySelector('.hk-context-summary')!).direction,
    ),
  ).toBe('rtl');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);
});
