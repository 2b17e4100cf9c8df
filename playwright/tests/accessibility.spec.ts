import { expect, type Page, test } from '@playwright/test';
import { axeFindings, seriousAxeFindings, WIDGETS } from './axe.ts';
import { url } from './support.ts';

/** Every view of both widgets, in both themes: no serious or critical axe violation. */
const seriousViolations = (page: Page) => seriousAxeFindings(page, { include: WIDGETS });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('roadmap, issues and changelog views and the feedback launcher', async ({ page }) => {
      await page.goto(url('/marketing-site/'));
      await expect(page.locator('hearken-roadmap[view="roadmap"]').getByRole('heading').first()).toBeVisible();
      await expect(page.locator('hearken-roadmap[view="issues"]').getByRole('searchbox')).toBeVisible();
      await expect(page.locator('hearken-feedback').getByRole('button').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the open feedback dialog', async ({ page }) => {
      await page.goto(url('/marketing-site/'));
      await page.locator('hearken-feedback').getByRole('button').first().click();
      await expect(page.locator('hearken-feedback').getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the inline feedback form and the changelog on the settings page', async ({ page }) => {
      await page.goto(url('/settings-page/'));
      if (scheme === 'dark') await page.getByLabel('Dark mode').check();
      await expect(page.locator('hearken-feedback').getByRole('textbox').first()).toBeVisible();
      await expect(page.locator('hearken-roadmap').getByRole('heading').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('a keyboard user sees the whole focus ring of each roadmap tab, not a sliver clipped by the tab bar', async ({
  page,
}) => {
  await page.goto(url('/fixtures/roadmap-only.html'));
  const roadmap = page.locator('hearken-roadmap');
  await expect(roadmap.getByRole('region', { name: 'Roadmap' })).toBeVisible();
  const names = await roadmap.locator('.hk-tab').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(2);
  for (const name of names) {
    await page.keyboard.press('Tab');
    const ring = await roadmap.evaluate((element) => {
      const tab = element.shadowRoot!.activeElement as HTMLElement;
      const style = getComputedStyle(tab);
      const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
      const box = tab.getBoundingClientRect();
      const clip = tab.closest('.hk-tabs')!.getBoundingClientRect();
      return {
        name: tab.textContent,
        drawn: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
        inside:
          box.left - reach >= clip.left &&
          box.right + reach <= clip.right &&
          box.top - reach >= clip.top &&
          box.bottom + reach <= clip.bottom,
      };
    });
    expect(ring, name).toEqual({ name, drawn: true, inside: true });
  }
});

test('three roadmaps on one page add no look-alike landmarks for a screen reader to tell apart', async ({ page }) => {
  await page.goto(url('/marketing-site/'));
  await expect(page.locator('hearken-roadmap')).toHaveCount(3);
  for (const roadmap of await page.locator('hearken-roadmap').all())
    await expect(roadmap.getByRole('group', { name: 'Views' })).toBeVisible();
  const findings = await axeFindings(page, {
    include: ['hearken-roadmap'],
    only: ['landmark-unique', 'landmark-no-duplicate-contentinfo', 'landmark-no-duplicate-main'],
  });
  expect(findings.map((finding) => finding.targets)).toEqual([]);
});
