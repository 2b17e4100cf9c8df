import { expect, test } from '@playwright/test';
import { getThread, HUMAN_PAUSE_MS, nextEvent, threadsWithText, uniqueText, url } from './support.ts';

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
