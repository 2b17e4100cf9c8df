import { expect, type Locator, type Page, test } from '@playwright/test';
import { examples, url, watchPage } from './support.ts';

/** What shows once each example's widgets have rendered (all of it inside shadow roots). */
const ready: Record<keyof typeof examples, (page: Page) => Locator[]> = {
  'marketing-site': (page) => [
    page.locator('hearken-roadmap[view="roadmap"]').getByRole('region', { name: 'Roadmap' }),
    page.locator('hearken-roadmap[view="changelog"]').getByRole('article').first(),
    page.locator('hearken-feedback').getByRole('button', { name: 'Feedback' }),
  ],
  // The changelog's whole history where a proxy serves it: its newest entry first.
  'marketing-site-snippet': (page) => [page.locator('#latest-release hearken-roadmap').getByRole('article').first()],
  'host-app': (page) => [
    page.locator('.whats-new').getByRole('article').first(),
    page.getByRole('button', { name: 'Feedback', exact: true }),
  ],
  'settings-page': (page) => [
    page.locator('hearken-feedback').getByLabel('Your feedback'),
    page.locator('hearken-roadmap').getByRole('article'),
  ],
};

/**
 * Every example is served with `script-src 'self'` (+ a nonce where the classic snippet is
 * inlined), `style-src 'self'` and no 'unsafe-inline'. The widgets must render with no
 * `securitypolicyviolation` at all.
 */
for (const [name, path] of Object.entries(examples) as [keyof typeof examples, string][]) {
  test(`${name} renders under a strict CSP with no violation`, async ({ page }) => {
    const watch = await watchPage(page);
    const response = await page.goto(url(path));
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');

    for (const part of ready[name](page)) await expect(part).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await watch.cspViolations()).toEqual([]);
    expect(watch.consoleErrors.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
  });
}

/**
 * Chromium reports inline handlers and style attributes to the page's CSP (script-src-attr,
 * style-src-attr) as soon as it parses them, though a sanitizer drops them before anything runs:
 * a site with a report endpoint would hear of each visit. The changelog's hostile notes must
 * reach the parser without them.
 */
test('a changelog with inline handlers and styles renders with no CSP report', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto(url('/fixtures/hostile-changelog.html'));
  const changelog = page.locator('hearken-roadmap[view="changelog"]');
  await expect(changelog.getByText('What changed')).toBeVisible();
  await expect(changelog.getByText('inline style and handler')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await watch.cspViolations()).toEqual([]);
  expect(watch.consoleErrors.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
});
