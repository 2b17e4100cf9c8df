import { expect, type Page, test } from '@playwright/test';
import { getThread, HUMAN_PAUSE_MS, holdBack, nextEvent, threadsWithText, uniqueText, url } from './support.ts';

test('inline feedback reaches the service as a thread with origin WIDGET', async ({ page }) => {
  const text = uniqueText('Round trip from the settings page');
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await widget.getByLabel('Your feedback').fill(text);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  const { threadId } = await success;
  await expect(widget.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await expect(page.locator('#feedback-status')).toHaveText('Thank you! Your feedback reached the team.');

  const thread = await getThread(threadId);
  expect(thread).toMatchObject({ id: threadId, text, origin: 'WIDGET' });
  expect(await threadsWithText(text)).toHaveLength(1);
});

test('feedback written offline is sent once the browser is back online: exactly one thread', async ({
  page,
  context,
}) => {
  const text = uniqueText('Written on a train');
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  await context.setOffline(true);
  await widget.getByLabel('Your feedback').fill(text);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const queued = nextEvent(page, 'hearken:queued');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  await queued;
  await expect(widget.getByText(/offline/i)).toBeVisible();
  expect(await threadsWithText(text)).toHaveLength(0);

  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await context.setOffline(false);
  await success;
  // Another load must not send it again.
  await page.reload();
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const threads = await threadsWithText(text);
  expect(threads).toHaveLength(1);
  expect(threads[0]?.origin).toBe('WIDGET');
});

test('feedback refused for lack of budget waits, survives a reload, and is sent once after Retry-After', async ({
  page,
}) => {
  const text = uniqueText('Sent while the key was busy');
  const keys: (string | undefined)[] = [];
  // The first submission meets an exhausted budget, as when other visitors used the key up.
  await page.route(
    (target) => target.pathname.endsWith('/api/v2/threads'),
    async (route, request) => {
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key']);
      if (keys.length > 1) return route.continue();
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: {
          'access-control-allow-origin': new URL(page.url()).origin,
          'access-control-expose-headers': 'retry-after, x-request-id',
          'retry-after': '4',
        },
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests', request_id: 'r-429' } }),
      });
    },
  );
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await widget.getByLabel('Your feedback').fill(text);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const queued = nextEvent<{ reason: string }>(page, 'hearken:queued');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  expect(await queued).toMatchObject({ reason: 'rate_limited' });
  await expect(widget.getByText('We’ll send yours in 4 seconds')).toBeVisible();

  // The page is left during the wait; the next one sends it once the window reopens.
  await page.reload();
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  await expect.poll(() => threadsWithText(text), { timeout: 15_000 }).toHaveLength(1);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page.waitForTimeout(1_000);
  expect(await threadsWithText(text)).toHaveLength(1);
});

/**
 * Where focus is: inside the feedback dialog, out of the page in the browser's own controls (a
 * modal <dialog> lets Tab leave the document but never reach the inert page), or on the page.
 */
function focusPlace(page: Page): Promise<'dialog' | 'browser' | 'page'> {
  return page.evaluate(() => {
    if (!document.hasFocus()) return 'browser';
    const dialog = document.querySelector('hearken-feedback')?.shadowRoot?.querySelector('dialog');
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return dialog && active && dialog.contains(active) ? 'dialog' : 'page';
  });
}

const pageOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);

/** The marketing site's feedback launcher and its (not yet open) dialog. */
async function marketingFeedback(page: Page) {
  await page.goto(url('/marketing-site/'));
  const widget = page.locator('hearken-feedback');
  return { launcher: widget.getByRole('button', { name: 'Feedback' }), dialog: widget.getByRole('dialog') };
}

test('the launcher dialog is modal: focus moves in and stays, Escape closes, focus and scroll come back', async ({
  page,
}) => {
  const { launcher, dialog } = await marketingFeedback(page);
  const scroll = await pageOverflow(page);
  await launcher.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your feedback')).toBeFocused();
  expect(await pageOverflow(page)).toBe('hidden');

  // Round the dialog more than once each way: focus never reaches the page behind it.
  const places = new Set<string>();
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const place = await focusPlace(page);
    expect(place, `focus after ${key}`).not.toBe('page');
    places.add(place);
  }
  expect(places.has('dialog')).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
  expect(await pageOverflow(page)).toBe(scroll);
});

test('keyboard only: the launcher keeps the focus while the form loads; open, send, and "Send more feedback"', async ({
  page,
}) => {
  // The form's code arrives only after the launcher has the focus, as on a slow network.
  const release = await holdBack(page, /\/feedback-view-[\w-]+\.js$/);
  const { launcher, dialog } = await marketingFeedback(page);
  await launcher.focus();
  release();
  // Once loaded, the form moves the launcher into its themed root: the focus must stay on it.
  await expect.poll(() => launcher.evaluate((button) => button.closest('.hk-root') !== null)).toBe(true);
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Your feedback')).toBeFocused();
  await page.keyboard.type(uniqueText('Sent with the keyboard alone'));
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const send = dialog.getByRole('button', { name: 'Send feedback' });
  for (let presses = 0; presses < 10; presses++) {
    if (await send.evaluate((button) => button.matches(':focus'))) break;
    await page.keyboard.press('Tab');
  }
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  const again = dialog.getByRole('button', { name: 'Send more feedback' });
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Your feedback')).toBeFocused();
});

test('a press on the launcher while its view loads still opens the dialog', async ({ page }) => {
  // The view's code arrives while the pointer is down on the launcher, as on a slow phone.
  const release = await holdBack(page, /\/feedback-view-[\w-]+\.js$/);
  const { launcher, dialog } = await marketingFeedback(page);
  const box = (await launcher.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  // The view is in, its themed root drawn, while the button is still held down.
  await expect(page.locator('hearken-feedback').locator('.hk-root')).toBeAttached();
  await page.mouse.up();
  await expect(dialog).toBeVisible();
  // Once the press was over, the launcher took its place in the themed root.
  const button = page.locator('hearken-feedback').getByRole('button', { name: 'Feedback', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(await button.evaluate((element) => element.closest('.hk-root') !== null)).toBe(true);
});

for (const [part, chunk] of [
  ['the view', /\/feedback-view-[\w-]+\.js$/],
  ['the form', /\/feedback-form-[\w-]+\.js$/],
] as const) {
  test(`offline when ${part} is wanted: the press ends with an error event, and a press once online opens the dialog`, async ({
    page,
  }) => {
    await page.route(chunk, (route) => route.abort('internetdisconnected'));
    const { launcher, dialog } = await marketingFeedback(page);
    const error = nextEvent<{ code: string; message: string }>(page, 'hearken:error');
    await launcher.click();
    expect(await error).toEqual({ code: 'network_error', message: 'The feedback form could not be loaded' });
    // The launcher does not stay busy, and no dialog half opens.
    await expect(launcher).not.toHaveAttribute('aria-busy');
    await expect(dialog).toBeHidden();
    await page.unroute(chunk);
    await launcher.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your feedback')).toBeFocused();
  });
}

test('a click on the backdrop closes the dialog; one inside it does not', async ({ page }) => {
  const { launcher, dialog } = await marketingFeedback(page);
  await launcher.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('heading', { name: 'Send feedback' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test('on a phone the dialog fills the screen, keeps its title bar in view and fits the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 664 });
  const { launcher, dialog } = await marketingFeedback(page);
  await launcher.click();
  await expect(dialog).toBeVisible();
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 664 });
  const message = dialog.getByLabel('Your feedback');
  // Below 16px, mobile Safari zooms the page in when a field takes focus.
  expect(await message.evaluate((field) => Number.parseFloat(getComputedStyle(field).fontSize))).toBeGreaterThanOrEqual(
    16,
  );
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  // The form, then the changelog's "What's new": the end of the dialog is the last entry, and the
  // send button above it scrolls into view with the dialog itself, not the page. The entries
  // arrive after the dialog opens, so the scroll to the end is retried until the last one is in.
  await expect(dialog.locator('.hk-entry').first()).toBeAttached();
  await expect(async () => {
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(dialog.locator('.hk-entry').last()).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  const send = dialog.getByRole('button', { name: 'Send feedback' });
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  expect(close?.y).toBeGreaterThanOrEqual(0);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
});

test('on a phone the inline form fits its column', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await expect(widget.getByLabel('Your feedback')).toBeVisible();
  const overflow = await widget.evaluate((host) => {
    const form = host.shadowRoot?.querySelector('form');
    return form ? form.scrollWidth - form.clientWidth : -1;
  });
  expect(overflow).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
});

test('the form’s lines are spaced by its own gap: no stray paragraph margins around the intro and the context line', async ({
  page,
}) => {
  await page.goto(url('/fixtures/feedback-only.html'));
  const widget = page.locator('hearken-feedback');
  await widget.evaluate((element) => {
    element.setAttribute('issue-id', 'iss-1');
    element.setAttribute('context-title', 'ENG-12 Export to CSV');
  });
  await widget.getByRole('button', { name: 'Feedback' }).click();
  await expect(widget.getByText('ENG-12 Export to CSV')).toBeVisible();
  const spacing = await widget.evaluate((host) => {
    const root = host.shadowRoot!;
    const form = root.querySelector('.hk-form')!;
    const gap = Number.parseFloat(getComputedStyle(form).rowGap);
    const [intro, context, message] = ['.hk-form>.hk-hint', '.hk-context', '.hk-field'].map((css) =>
      root.querySelector(css)!.getBoundingClientRect(),
    ) as [DOMRect, DOMRect, DOMRect];
    return { gap, introToContext: context.top - intro.bottom, contextToMessage: message.top - context.bottom };
  });
  expect(spacing.gap).toBeGreaterThan(0);
  expect(spacing.introToContext).toBeCloseTo(spacing.gap, 0);
  expect(spacing.contextToMessage).toBeCloseTo(spacing.gap, 0);
});
