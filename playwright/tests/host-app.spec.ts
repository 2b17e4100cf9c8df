import { expect, test } from '@playwright/test';
import { getThread, HUMAN_PAUSE_MS, nextEvent, url } from './support.ts';

test('the host app opens feedback about the issue on screen from its own button and hears the events', async ({
  page,
}) => {
  await page.goto(url('/host-app/'));
  const issues = page.getByRole('navigation', { name: 'Issues' }).getByRole('button');
  await expect(issues.first()).toBeVisible();
  await issues.nth(1).click();
  const identifier = (await page.locator('article .identifier').textContent()) ?? '';
  const title = (await page.locator('article h1').textContent()) ?? '';
  expect(identifier).not.toBe('');

  const opened = nextEvent<{ issueId?: string }>(page, 'hearken:open');
  await page.getByRole('button', { name: 'Give feedback on this issue' }).click();
  const { issueId } = await opened;
  expect(issueId).toBeTruthy();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The form names the issue as the app knows it, never by its id.
  await expect(dialog.locator('.hk-context')).toContainText(`${identifier} ${title}`);
  await expect(dialog.locator('.hk-context')).not.toContainText(issueId ?? '');
  const message = dialog.getByLabel('Your feedback');
  await expect(message).toHaveValue(`About ${identifier}: `);
  await expect(page.getByTestId('event-log')).toContainText('hearken:open');

  await message.fill(`About ${identifier}: the export button is hard to find.`);
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  const { threadId } = await success;
  await expect(page.getByTestId('event-log')).toContainText('hearken:success');

  const thread = await getThread(threadId);
  expect(thread).toMatchObject({ origin: 'WIDGET', issue_id: issueId });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Focus goes back to the app's own button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Give feedback on this issue' })).toBeFocused();
});
