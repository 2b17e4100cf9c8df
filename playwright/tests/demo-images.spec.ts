import { expect, test } from '@playwright/test';
import { stack, url, watchPage } from './support.ts';

/**
 * The demo's logo and changelog images are the reference server's own files: they load on the
 * example pages, under their CSP, with no failed request.
 */
test('the marketing site shows the workspace logo and the changelog image, served by the reference server', async ({
  page,
}) => {
  const watch = await watchPage(page);
  const images: { url: string; status: number; type: string | null }[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${stack.serverUrl}/assets/demo/`)) {
      images.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? null });
    }
  });
  await page.goto(url('/marketing-site/'));
  const logo = page.locator('hearken-roadmap[view="roadmap"] img.hk-logo');
  const changelogImage = page.locator('hearken-roadmap[view="changelog"] img.hk-changelog-image').first();
  for (const image of [logo, changelogImage]) {
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${stack.serverUrl}/assets/demo/[\\w-]+\\.svg$`));
  }
  await page.waitForLoadState('networkidle');
  expect(images.length).toBeGreaterThanOrEqual(2);
  for (const image of images)
    expect(image, image.url).toMatchObject({ status: 200, type: 'image/svg+xml; charset=utf-8' });
  expect(await watch.cspViolations()).toEqual([]);
});
