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
  expect(fetched.filter((file) => file.startsWith('feedback-') || file.startsWith('app-'))).toEqual([]);
});

test('a page with only a feedback launcher loads the form and none of the roadmap code', async ({ page }) => {
  const fetched = recordScripts(page);
  await page.goto(url('/fixtures/feedback-only.html'));
  const widget = page.locator('hearken-feedback');
  await widget.getByRole('button', { name: 'Feedback' }).click();
  await expect(widget.getByRole('dialog')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.some((file) => file.startsWith('feedback-'))).toBe(true);
  expect(fetched.some((file) => file.startsWith('app-'))).toBe(true);
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
    .filter((file) => file.endsWith('.js.map'))
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
