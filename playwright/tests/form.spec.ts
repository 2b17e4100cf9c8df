/**
 * Issue 34's feedback-form defects, each reproduced as a user meets it, keyboard only, on a phone
 * (390 px) and a laptop (1280 px): an image attached just before "Send" must go with the thread;
 * with the proxy unreachable the send button and the status say the text is saved, in view, and a
 * reload with the proxy back sends it at once and says so; a draft about one issue never shows
 * under another; the kind chips, the privacy link and context on request.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { getThread, HUMAN_PAUSE_MS, stack, threadsWithText, uniqueText, url, watchPage } from './support.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

/** Presses Enter on `control`, reached by focus as Tab would: no pointer anywhere. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

/** Types `text` into the message field from the keyboard, then waits as a person would. */
async function write(page: Page, widget: Locator, text: string): Promise<void> {
  await widget.getByLabel('Your feedback').focus();
  await page.keyboard.insertText(text);
  // The proxy holds a form filled faster than a person types for review.
  await page.waitForTimeout(HUMAN_PAUSE_MS);
}

/** A plain 800x600 PNG the browser draws. */
async function png(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(800, 600);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#36c';
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#fc3';
    context.fillRect(200, 150, 400, 300);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  });
  return Buffer.from(base64, 'base64');
}

/** How many attachments the service stored with the one thread of `text` (polled until there is one). */
async function attachmentsOf(text: string): Promise<number> {
  const [thread] = await threadsWithText(text);
  if (!thread) return -1;
  const response = await fetch(new URL(`/api/v2/threads/${thread.id}/messages`, stack.serverUrl), {
    headers: { authorization: `Bearer ${stack.fullKey}` },
  });
  const messages = (await response.json()) as { data: { attachments: unknown[] }[] };
  return messages.data.flatMap((message) => message.attachments).length;
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('an image attached just before "Send feedback" goes with the thread (strict CSP, screenshots on)', async ({
      page,
    }) => {
      // Re-encoding a marked-up image takes a while on a slow phone: here, 1.5 s on every machine.
      await page.addInitScript(() => {
        const slow = <A extends unknown[], R>(original: (...args: A) => Promise<R>) =>
          function (this: unknown, ...args: A) {
            return new Promise<R>((resolve, reject) =>
              setTimeout(() => original.apply(this, args).then(resolve, reject), 1_500),
            );
          };
        OffscreenCanvas.prototype.convertToBlob = slow(OffscreenCanvas.prototype.convertToBlob);
      });
      const watched = await watchPage(page);
      await page.goto(url('/fixtures/screenshot.html'));
      const widget = page.locator('hearken-feedback');
      const text = uniqueText(`Chart cut off (${size.name})`);
      await write(page, widget, text);
      const image = await png(page);

      await press(widget.getByRole('button', { name: 'Add a screenshot' }));
      const chooser = page.waitForEvent('filechooser');
      await press(widget.getByRole('button', { name: 'Choose an image' }));
      await (await chooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: image });
      await press(widget.getByRole('button', { name: 'Attach screenshot' }));
      // Within a second: the image is still being prepared.
      await press(widget.getByRole('button', { name: 'Send feedback' }));

      await expect(widget.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => attachmentsOf(text), { timeout: 15_000 }).toBe(1);
      expect(await watched.cspViolations()).toEqual([]);
    });

    test('with the proxy unreachable the button says the text is saved, in view; a reload with it back sends it at once and says so', async ({
      page,
    }) => {
      await page.goto(url('/fixtures/screenshot.html'));
      const widget = page.locator('hearken-feedback');
      const text = uniqueText(`Written with the proxy down (${size.name})`);
      await write(page, widget, text);
      const cut = (route: { abort(code: string): Promise<void> }) => route.abort('internetdisconnected');
      await page.route(`${stack.proxyUrl}/**`, cut);

      await press(widget.getByRole('button', { name: 'Send feedback' }));
      const button = widget.getByRole('button', { name: 'Saved, will send when online' });
      await expect(button).toBeInViewport();
      const status = widget.getByRole('status').filter({ hasText: 'saved and will be sent' });
      await expect(status).toBeInViewport();
      expect(await threadsWithText(text)).toEqual([]);

      await page.unroute(`${stack.proxyUrl}/**`, cut);
      await page.reload();
      // Promptly and said: not after the earlier visit's backoff, not silently.
      await expect(widget.getByRole('status').filter({ hasText: 'Thank you! Your feedback was sent.' })).toBeVisible({
        timeout: 5_000,
      });
      expect(await threadsWithText(text)).toHaveLength(1);
      await expect(widget.getByRole('button', { name: 'Send more feedback' })).toBeInViewport();
    });

    test('in the host app, a draft about one issue does not show when the user opens feedback about another', async ({
      page,
    }) => {
      await page.goto(url('/host-app/'));
      const issues = page.getByRole('navigation', { name: 'Issues' }).getByRole('button');
      await expect(issues.nth(1)).toBeVisible();
      const dialog = page.getByRole('dialog');
      const message = dialog.getByLabel('Your feedback');

      await press(issues.nth(0));
      const first = (await page.locator('article .identifier').textContent()) ?? '';
      await press(page.getByRole('button', { name: 'Give feedback on this issue' }));
      await expect(message).toHaveValue(`About ${first}: `);
      await message.press('End');
      await page.keyboard.insertText('the export is slow');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await press(issues.nth(1));
      const second = (await page.locator('article .identifier').textContent()) ?? '';
      expect(second).not.toBe(first);
      await press(page.getByRole('button', { name: 'Give feedback on this issue' }));
      await expect(dialog.locator('.hk-context')).toContainText(second);
      await expect(message).toHaveValue(`About ${second}: `);
      await page.keyboard.press('Escape');

      // The first draft is kept for its issue.
      await press(issues.nth(0));
      await press(page.getByRole('button', { name: 'Give feedback on this issue' }));
      await expect(message).toHaveValue(`About ${first}: the export is slow`);
    });

    test('the kind as radio chips, the context unticked until asked for, readable details, the privacy link', async ({
      page,
    }) => {
      const watched = await watchPage(page);
      await page.goto(url('/fixtures/form-options.html'));
      const widget = page.locator('hearken-feedback');
      const text = uniqueText(`An idea for exports (${size.name})`);
      await write(page, widget, text);

      const kinds = widget.getByRole('group', { name: 'What kind of feedback is it?' });
      await expect(kinds.getByRole('radio')).toHaveCount(3);
      await press(kinds.getByRole('radio', { name: 'Bug' }), 'Space');
      await page.keyboard.press('ArrowRight');
      await expect(kinds.getByRole('radio', { name: 'Idea' })).toBeChecked();
      await expect(kinds.getByRole('radio', { name: 'Bug' })).not.toBeChecked();

      const context = widget.getByRole('checkbox', { name: /^Also send: / });
      await expect(context).not.toBeChecked();
      await press(widget.getByText('Show details'));
      const details = widget.locator('.hk-context-summary dt');
      await expect(details.filter({ hasText: /^Page$/ })).toBeVisible();
      await expect(details.filter({ hasText: /^Operating system$/ })).toHaveCount(1);
      await expect(details.filter({ hasText: /page_url|^os$/ })).toHaveCount(0);
      const privacy = widget.getByRole('link', { name: 'How we handle your data' });
      await expect(privacy).toHaveAttribute('href', '/privacy.html');
      await privacy.scrollIntoViewIfNeeded();
      await expect(privacy).toBeInViewport();
      expect(await seriousAxeFindings(page, { include: ['hearken-feedback'] })).toEqual([]);

      const success = page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            document.addEventListener(
              'hearken:success',
              (event) => resolve((event as CustomEvent<{ threadId: string }>).detail.threadId),
              { once: true },
            ),
          ),
      );
      await press(widget.getByRole('button', { name: 'Send feedback' }));
      const thread = (await getThread(await success)) as Awaited<ReturnType<typeof getThread>> & {
        metadata: Record<string, string> | null;
      };
      // The kind goes; the page context, never ticked, does not.
      expect(thread.metadata).toEqual({ kind: 'idea' });
      expect(await watched.cspViolations()).toEqual([]);
    });
  });
}
