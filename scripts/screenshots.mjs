#!/usr/bin/env node
/**
 * `pnpm screenshots`: retakes the README's screenshots (docs/screenshots/*.png). Starts the demo
 * stack on a fresh in-memory seed (examples/stack.mjs, as `npm start` does), opens each example
 * in the browser tests' Chromium at a laptop's 1280 × 860 and a phone's 390 × 844, light and dark,
 * waits until the seeded content is drawn and the page is quiet, and writes one PNG per page, size
 * and scheme (`-phone` in the phone's names). Needs `pnpm build` first.
 *
 * A script of its own, not a side effect of the browser tests, so `npm test` leaves docs/ alone
 * and the pictures change only when someone decides to retake them.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startStack } from '../examples/stack.mjs';
import { chromiumLaunchOptions } from '../playwright/chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs', 'screenshots');
const VIEWPORTS = [
  { suffix: '', viewport: { width: 1280, height: 860 } },
  { suffix: '-phone', viewport: { width: 390, height: 844 } },
];

/**
 * Each page, and what it shows once its seeded content is in (`latest`: the newest published
 * changelog title, `issue`: the first public issue as the host app labels it).
 * @type {{ name: string, path: string, ready: (page: import('@playwright/test').Page, seen: { latest: string, issue: string }) => import('@playwright/test').Locator[], dark?: (page: import('@playwright/test').Page) => Promise<void> }[]}
 */
const PAGES = [
  {
    name: 'marketing-site',
    path: '/marketing-site/',
    ready: (page, seen) => [
      page.locator('hearken-roadmap[view="changelog"]').getByRole('heading', { name: seen.latest }).first(),
      page.locator('hearken-roadmap[view="roadmap"]').getByRole('heading').first(),
      page.locator('hearken-feedback').getByRole('button').first(),
    ],
  },
  {
    name: 'host-app',
    path: '/host-app/',
    ready: (page, seen) => [
      page.getByRole('navigation', { name: 'Issues' }).getByRole('button', { name: seen.issue, exact: true }),
      page.locator('.whats-new').getByRole('heading', { name: seen.latest }).first(),
    ],
  },
  {
    name: 'settings-page',
    path: '/settings-page/',
    ready: (page, seen) => [
      page.locator('hearken-feedback').getByLabel('Your feedback'),
      page.locator('hearken-roadmap').getByRole('heading', { name: seen.latest }).first(),
    ],
    // The page's own switch: it themes the page and sets the widgets' `theme` attribute.
    dark: (page) => page.getByLabel('Dark mode').check(),
  },
];

const stack = await startStack({ data: 'memory' });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const portal = (path) =>
    fetch(`${stack.serverUrl}/api/v1/${path}/${stack.seed.workspaceId}`).then((response) => response.json());
  const [{ latestChangelog }, issues] = await Promise.all([portal('workspaces'), portal('issues')]);
  const seen = { latest: latestChangelog.title, issue: `${issues[0].identifier} ${issues[0].title}` };
  mkdirSync(out, { recursive: true });
  for (const { suffix, viewport } of VIEWPORTS) {
    for (const scheme of ['light', 'dark']) {
      for (const { name, path, ready, dark } of PAGES) {
        // A fresh context per picture: no read state or draft carried over from the one before.
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        await page.goto(new URL(path, stack.examplesUrl).href);
        if (scheme === 'dark' && dark) await dark(page);
        for (const locator of ready(page, seen)) await locator.waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const file = join(out, `${name}${suffix}-${scheme}.png`);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        console.log(`wrote ${relative(root, file)}`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stack.close();
}
