import { expect, test } from '@playwright/test';
import { getThread, nextEvent, portalRead, url } from './support.ts';

interface PortalIssue {
  id: string;
  title: string;
  upvotes: number;
}

const issues = () => portalRead<PortalIssue[]>('issues');

test('an upvote raises the count on screen and in the service', async ({ page }) => {
  const [issue] = await issues();
  expect(issue, 'the demo portal lists an issue to upvote').toMatchObject({
    id: expect.any(String),
    title: expect.any(String),
    upvotes: expect.any(Number),
  });
  const before = issue!.upvotes;

  await page.goto(url('/marketing-site/'));
  const widget = page.locator('hearken-roadmap[view="issues"]');
  const escaped = issue!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The button's name says what a press does: "Upvote <title>, …", then, voted, "Take back your vote for <title>, …".
  const upvote = widget.getByRole('button', { name: new RegExp(`^Upvote ${escaped}, \\d+ upvotes?$`) });
  const upvoted = widget.getByRole('button', {
    name: new RegExp(`^Take back your vote for ${escaped}, \\d+ upvotes?$`),
  });
  await expect(upvote).toBeVisible();
  await expect(upvote).toContainText(String(before));

  const recorded = nextEvent<{ id: string; upvotes: number; threadId: string }>(page, 'hearken:upvote');
  await upvote.click();
  const detail = await recorded;
  expect(detail).toMatchObject({ id: issue!.id, upvotes: before + 1 });
  await expect(upvoted).toContainText(String(before + 1));
  await expect(upvoted).toHaveAttribute('aria-pressed', 'true');

  const after = (await issues()).find((candidate) => candidate.id === issue!.id);
  expect(after?.upvotes).toBe(before + 1);
  expect(await getThread(detail.threadId)).toMatchObject({ origin: 'UPVOTE', issue_id: issue!.id });
});
