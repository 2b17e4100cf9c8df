import { expect, test } from '@playwright/test';
import { HOSTILE_CHANGELOG_TITLE, HOSTILE_ISSUE_TITLE, HOSTILE_PROJECT_NAME } from '../hostile-content.ts';
import { url } from './support.ts';

/**
 * Script payloads seeded as changelog notes and titles, issue text and project names must render
 * as text or be sanitised away. The page has no CSP at all, so only the widgets stand in the way.
 */
test('seeded XSS payloads run no script', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(url('/fixtures-no-csp/hostile-content.html'));
  expect(
    (await page.request.head(url('/fixtures-no-csp/hostile-content.html'))).headers()['content-security-policy'],
  ).toBeUndefined();

  const changelog = page.locator('hearken-roadmap[view="changelog"]');
  const issues = page.locator('hearken-roadmap[view="issues"]');
  const roadmap = page.locator('hearken-roadmap[view="roadmap"]');
  // The payloads in titles and names show as the literal text they are.
  await expect(changelog.getByText(HOSTILE_CHANGELOG_TITLE)).toBeVisible();
  await expect(issues.getByText(HOSTILE_ISSUE_TITLE)).toBeVisible();
  await expect(roadmap.getByText(HOSTILE_PROJECT_NAME)).toBeVisible();
  await expect(changelog.getByText('What changed')).toBeVisible();

  // Give handlers, image errors and lazy loads every chance to fire.
  await roadmap.getByText(HOSTILE_PROJECT_NAME).hover();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);

  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const dangerous = await page.evaluate(() => {
    const found: string[] = [];
    for (const host of document.querySelectorAll('hearken-roadmap')) {
      for (const element of host.shadowRoot?.querySelectorAll('*') ?? []) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM'].includes(element.tagName)) found.push(element.tagName);
        for (const attribute of element.attributes) {
          if (/^on/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
          if (/^\s*javascript:/i.test(attribute.value)) found.push(`${element.tagName}[${attribute.name}=javascript:]`);
        }
      }
    }
    return found;
  });
  expect(dangerous).toEqual([]);
});
