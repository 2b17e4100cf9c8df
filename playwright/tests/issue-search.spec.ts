import { expect, test } from '@playwright/test';
import { url } from './support.ts';

test('the issues view finds a seeded issue despite a typo, with the matcher loaded only once the reader types', async ({
  page,
}) => {
  const matcherChunks: string[] = [];
  const languageChunks: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const language = /^\/hearken\/matcher-([a-z]{2})-[^/]*\.js$/.exec(path);
    if (language) languageChunks.push(language[1]!);
    else if (/^\/hearken\/matcher-[^/]*\.js$/.test(path)) matcherChunks.push(path);
  });
  await page.goto(url('/fixtures/roadmap-only.html'));
  const roadmap = page.locator('hearken-roadmap');
  await roadmap.evaluate((element) => element.setAttribute('view', 'issues'));
  const search = roadmap.getByRole('searchbox');
  await expect(search).toBeVisible();
  await expect(roadmap.getByRole('heading', { level: 4, name: /Reminders on notes$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(matcherChunks).toEqual([]);
  expect(languageChunks).toEqual([]);

  await search.fill('remindrs notes');
  await expect(roadmap.getByRole('heading', { level: 4, name: /Reminders on notes$/ })).toBeVisible();
  await expect(roadmap.getByRole('heading', { level: 4 })).toHaveCount(1);
  expect(matcherChunks).toHaveLength(1);
  // An English page loads the English data alone.
  expect(languageChunks).toEqual(['en']);

  // A substring still finds what it is part of, as before the matcher.
  await search.fill('ackli');
  await expect(roadmap.getByRole('heading', { level: 4, name: /Backlinks between notes$/ })).toBeVisible();
  await expect(roadmap.getByRole('heading', { level: 4 })).toHaveCount(1);
});
