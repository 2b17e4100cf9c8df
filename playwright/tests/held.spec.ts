import { expect, test } from '@playwright/test';
import { getThread, nextEvent, stack, threadsWithText, uniqueText, url } from './support.ts';

/** A person pastes a prepared text and sends it at once, faster than the proxy's 1.5 s fill time. */
const PASTE_TO_SEND_MS = 700;

test('a paste sent at human speed arrives held (thanked as any other), and an operator releases it into the list', async ({
  page,
}) => {
  const text = uniqueText('Pasted from my notes: the invoice PDF has the wrong VAT number');
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  // One input event with the whole text, as a paste gives it.
  await widget.getByLabel('Your feedback').fill(text);
  await page.waitForTimeout(PASTE_TO_SEND_MS);
  const success = nextEvent<{ threadId: string }>(page, 'hearken:success');
  await widget.getByRole('button', { name: 'Send feedback' }).click();
  const { threadId } = await success;
  // The sender is told exactly what anyone is told.
  await expect(widget.getByText('Thank you! Your feedback was sent.')).toBeVisible();

  // Stored whole, held for review: not in the default list, not lost.
  expect(await threadsWithText(text)).toHaveLength(0);
  expect(await getThread(threadId)).toMatchObject({
    id: threadId,
    text,
    origin: 'WIDGET',
    moderation: 'held',
    moderation_reasons: ['fill_time'],
  });

  // The operator's call from the README: release it.
  const released = await fetch(new URL('/api/v2/threads/bulk-update', stack.serverUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.fullKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: [threadId], set: { moderation: 'clear' } }),
  });
  expect(await released.json()).toEqual({ data: [threadId], not_found: [] });
  const listed = await threadsWithText(text);
  expect(listed.map((thread) => thread.id)).toEqual([threadId]);
  expect(await getThread(threadId)).toMatchObject({ moderation: 'clear', moderation_reasons: [] });
});
