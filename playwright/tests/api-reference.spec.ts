import { expect, test } from '@playwright/test';
import { stack, watchPage } from './support.ts';

/**
 * The server's root is an interactive reference of its OpenAPI document, served with a strict
 * CSP: scripts and styles only from the server's own files, nothing inline, nothing from another
 * origin. It must render the document with no violation.
 */
test('the API reference at the server root renders the document under a strict CSP with no violation', async ({
  page,
}) => {
  const watch = await watchPage(page);
  const response = await page.goto(new URL('/', stack.serverUrl).href);
  expect(response?.status()).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');

  await expect(page.getByRole('heading', { name: /Customer Feedback Service/, level: 1 })).toBeVisible();
  const create = page.locator('.opblock').filter({ hasText: 'Create a thread' });
  await expect(create).toHaveCount(1);
  await create.getByRole('button', { name: /Create a thread/ }).click();
  // The operation's own section: its scope, in the words the document gives, and its body's schema.
  await expect(create.getByText(/Needs the\s*threads:write\s*scope/)).toBeVisible();
  await expect(create.getByText('Idempotency-Key').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await watch.cspViolations()).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
});
