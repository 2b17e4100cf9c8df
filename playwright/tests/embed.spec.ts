import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { url } from './support.ts';

const dist = join(import.meta.dirname, '..', '..', 'packages', 'embed', 'dist');

/** The script files a page fetched from the embed build, by file name. */
function recordScripts(page: Page) {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/hearken/') && path.endsWith('.js')) fetched.push(path.slice('/hearken/'.length));
  });
  return fetched;
}

test('a page with only a roadmap loads the roadmap code and none of the feedback code', async ({ page }) => {
  const fetched = recordScripts(page);
  await page.goto(url('/fixtures/roadmap-only.html'));
  await expect(page.locator('hearken-roadmap').getByRole('region', { name: 'Roadmap' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.some((file) => file.startsWith('roadmap-'))).toBe(true);
  expect(fetched.filter((file) => file.startsWith('feedback-'))).toEqual([]);
});

test('a page with only a feedback launcher loads the form and none of the roadmap code', async ({ page }) => {
  const fetched = recordScripts(page);
  await page.goto(url('/fixtures/feedback-only.html'));
  const widget = page.locator('hearken-feedback');
  await widget.getByRole('button', { name: 'Feedback' }).click();
  await expect(widget.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.some((file) => file.startsWith('feedback-'))).toBe(true);
  expect(fetched.some((file) => file.startsWith('feedback-view-'))).toBe(true);
  expect(fetched.filter((file) => file.startsWith('roadmap-'))).toEqual([]);
});

test('a page with both elements fetches every shared file once', async ({ page }) => {
  const fetched = recordScripts(page);
  await page.goto(url('/marketing-site/'));
  await expect(page.locator('hearken-roadmap[view="roadmap"]').getByRole('region', { name: 'Roadmap' })).toBeVisible();
  await page.locator('hearken-feedback').getByRole('button', { name: 'Feedback' }).click();
  await expect(page.locator('hearken-feedback').getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.some((file) => file.startsWith('roadmap-'))).toBe(true);
  expect(fetched.some((file) => file.startsWith('feedback-'))).toBe(true);
  expect(fetched.filter((file, index) => fetched.indexOf(file) !== index)).toEqual([]);
});

test('the build carries one copy of every module: Preact, @hearken/ui and @hearken/core once', () => {
  const chunks = readdirSync(dist)
    // index.js is the npm entry, built apart and never loaded beside hearken.js.
    .filter((file) => file.endsWith('.js.map') && file !== 'index.js.map')
    .map((file) => ({
      file,
      sources: (JSON.parse(readFileSync(join(dist, file), 'utf8')) as { sources: string[] }).sources,
    }));
  const owners = new Map<string, string[]>();
  for (const { file, sources } of chunks) {
    for (const source of sources) owners.set(source, [...(owners.get(source) ?? []), file]);
  }
  expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  const holding = (pattern: RegExp) =>
    [...owners].filter(([source]) => pattern.test(source)).flatMap(([, files]) => files);
  expect(new Set(holding(/preact\/dist\/preact\.mjs$/)).size).toBe(1);
  // @hearken/ui ships one file per module; the check above keeps each of them in one chunk.
  expect(holding(/\/ui\/dist\//).length).toBeGreaterThan(0);
  expect(holding(/\/core\/dist\//).length).toBeGreaterThan(0);
});

test("the roadmap's portal reads start while its views are still loading", async ({ page }) => {
  const events: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/')) events.push(`read ${pathname.split('/')[3]}`);
  });
  // Holds the roadmap's views back, as a slow network would, until the reads have gone out.
  await page.route(/\/hearken\/roadmap-view-[^/]*\.js$/, async (route) => {
    events.push('views requested');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    events.push('views served');
    await route.continue();
  });
  await page.goto(url('/fixtures/roadmap-only.html'));
  await expect(page.locator('hearken-roadmap').getByRole('region', { name: 'Roadmap' })).toBeVisible();
  const served = events.indexOf('views served');
  expect(served).toBeGreaterThan(0);
  expect(
    events
      .slice(0, served)
      .filter((event) => event.startsWith('read'))
      .sort(),
  ).toEqual(['read issues', 'read projects', 'read workspaces']);
  // The widget used those responses rather than reading again.
  expect(events.filter((event) => event.startsWith('read'))).toHaveLength(3);
});
