import { expect, type Locator, type Page, test } from '@playwright/test';
import { stack, url } from './support.ts';

/**
 * Issue 34's look items, at a phone's and a laptop's width, light and dark, by keyboard: the
 * brand hue kept by the contrast repair, the board that fits or shows that it scrolls, Done and
 * Canceled items to read, views shown bare, and "What's new" in the feedback dialog.
 */

const WIDTHS = [390, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

const rgbOf = (css: string) => (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(rgbOf(a)) + 0.05, luminance(rgbOf(b)) + 0.05];
  return x > y ? x / y : y / x;
};
/** How far a colour is from grey: the spread of its channels. */
const chroma = (css: string) => Math.max(...rgbOf(css)) - Math.min(...rgbOf(css));

/** Presses Tab until `target` has focus (inside its shadow root), at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element.matches(':focus'))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

for (const width of WIDTHS) {
  for (const scheme of SCHEMES) {
    test.describe(`${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 800 }, colorScheme: scheme });

      test('the selected tab and the links keep the brand hue, readable', async ({ page }) => {
        await page.goto(url('/marketing-site/'));
        const roadmap = page.locator('hearken-roadmap[view="roadmap"]');
        const selected = roadmap.locator('.hk-tab[aria-pressed="true"]');
        await tabTo(page, selected);
        const [color, background, accent] = await selected.evaluate((tab) => {
          const root = tab.closest('.hk-root')!;
          return [
            getComputedStyle(tab).color,
            getComputedStyle(root).backgroundColor,
            getComputedStyle(root).getPropertyValue('--hk-ws-accent').trim(),
          ];
        });
        expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
        // The seed's accent text (#fff on white, near-black on dark) was repaired into a grey.
        expect(chroma(color), `${color} against the accent ${accent}`).toBeGreaterThan(40);
        const unselected = roadmap.locator('.hk-tab[aria-pressed="false"]').first();
        expect(chroma(await unselected.evaluate((tab) => getComputedStyle(tab).color))).toBeLessThan(chroma(color));
      });

      test('the board fits, or shows that it scrolls and scrolls by keyboard', async ({ page }) => {
        await page.goto(url('/fixtures/roadmap-only.html'));
        const roadmap = page.locator('hearken-roadmap');
        const columns = roadmap.getByRole('region', { name: 'Roadmap' });
        await expect(columns.locator('.hk-card').first()).toBeVisible();
        const board = roadmap.locator('.hk-board');
        const overflow = () => columns.evaluate((element) => element.scrollWidth - element.clientWidth);
        if (width === 1280) {
          // Five columns at 1280 px: none cut.
          expect(await overflow()).toBeLessThanOrEqual(1);
          await expect(board).not.toHaveAttribute('data-more');
          return;
        }
        expect(await overflow()).toBeGreaterThan(0);
        await expect(board).toHaveAttribute('data-more', 'end');
        // The fade comes in by a transition, so its opacity is read once it has settled.
        await expect.poll(() => board.evaluate((element) => getComputedStyle(element, '::after').opacity)).toBe('1');
        await tabTo(page, columns);
        for (let press = 0; press < 5; press++) await page.keyboard.press('ArrowRight');
        await expect.poll(() => columns.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
        await expect(board).toHaveAttribute('data-more', /start/);
      });

      test('Done and Canceled issues show their votes to read, saying why; open ones vote', async ({ page }) => {
        await page.goto(url('/marketing-site/'));
        const issues = page.locator('hearken-roadmap[view="issues"]');
        await expect(issues.locator('.hk-issue').first()).toBeVisible();
        const closed = issues.locator('.hk-issue', { hasText: 'voting is closed' });
        await expect(closed.first()).toBeVisible();
        for (const issue of await closed.all()) await expect(issue.getByRole('button')).toHaveCount(0);
        await expect(
          issues
            .locator('.hk-issue')
            .filter({ has: page.locator('button.hk-vote') })
            .first(),
        ).toBeVisible();
        // The canceled issue of the seed says so in its own word.
        await expect(issues.locator('.hk-issue', { hasText: /Canceled.*voting is closed/ })).toHaveCount(1);
      });

      test('a focused vote button is never under the launcher', async ({ page }) => {
        await page.goto(url('/marketing-site/'));
        const launcher = page.locator('hearken-feedback .hk-launcher');
        await expect(launcher).toBeVisible();
        const votes = page.locator('hearken-roadmap[view="issues"] button.hk-vote');
        await expect(votes.first()).toBeVisible();
        await tabTo(page, votes.first(), 120);
        const box = await launcher.boundingBox();
        for (let index = 0; index < 6; index++) {
          const focused = await page.evaluate(() => {
            let element = document.activeElement;
            while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
            const rect = element!.getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          });
          const overlaps =
            focused.x < box!.x + box!.width &&
            focused.x + focused.width > box!.x &&
            focused.y < box!.y + box!.height &&
            focused.y + focused.height > box!.y;
          expect(overlaps, JSON.stringify({ focused, launcher: box })).toBe(false);
          await page.keyboard.press('Tab');
        }
      });

      test('stacked views show bare: no workspace heading, no tabs', async ({ page }) => {
        await page.goto(url('/fixtures/bare-views.html'));
        const widgets = page.locator('hearken-roadmap');
        await expect(widgets).toHaveCount(3);
        await expect(widgets.nth(1).locator('.hk-card').first()).toBeVisible();
        await expect(widgets.nth(2).locator('.hk-issue').first()).toBeVisible();
        await expect(widgets.nth(0).locator('.hk-changelog').first()).toBeVisible();
        for (const widget of await widgets.all()) {
          await expect(widget.locator('.hk-header')).toHaveCount(0);
          await expect(widget.locator('.hk-tabs')).toHaveCount(0);
        }
      });

      test('What’s new on a launcher-only page: no 9+ for a first visit, excerpts without links to land on', async ({
        page,
      }) => {
        await page.goto(url('/fixtures/feedback-only.html'));
        const key = `hearken:changelog-seen:${stack.workspaceId}`;
        await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).not.toBeNull();
        const launcher = page.locator('hearken-feedback .hk-launcher');
        await expect(launcher.locator('.hk-unread')).toHaveCount(0);
        await tabTo(page, launcher);
        await page.keyboard.press('Enter');
        const section = page.locator('hearken-feedback').getByRole('region', { name: 'What’s new' });
        await expect(section.locator('.hk-excerpt').first()).toBeVisible();
        await expect(section.locator('.hk-entries a, .hk-entries :is(h1,h2,h3)')).toHaveCount(0);
        // Each excerpt keeps to its own lines: no entry overlaps the next.
        const boxes = await section
          .locator('.hk-entry')
          .evaluateAll((entries) => entries.map((entry) => entry.getBoundingClientRect().toJSON() as DOMRect));
        for (const [index, box] of boxes.entries()) {
          if (index > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom);
        }
      });

      test('the popup’s Read more opens the entry, not the form', async ({ page }) => {
        // A returning reader, whose last read entry is gone: the newest is news to them.
        await page.addInitScript(
          (name) => localStorage.setItem(name, 'cl_read_long_ago'),
          `hearken:changelog-seen:${stack.workspaceId}`,
        );
        await page.goto(url('/fixtures/feedback-only.html'));
        await page.locator('hearken-feedback').evaluate((element) => element.setAttribute('announce', 'popup'));
        const popup = page.locator('hearken-feedback .hk-announcement');
        await expect(popup).toBeVisible();
        const title = (await popup.locator('.hk-announcement-title').textContent())!.trim();
        await tabTo(page, popup.getByRole('button', { name: 'Read more' }));
        await page.keyboard.press('Enter');
        const dialog = page.locator('hearken-feedback').getByRole('dialog');
        await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(title);
        await expect(dialog.getByRole('textbox')).toHaveCount(0);
        const notesHeading = dialog.locator('.hk-notes :is(h1,h2,h3,h4)').first();
        if (await notesHeading.count()) {
          const size = (locator: Locator) =>
            locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
          expect(await size(notesHeading)).toBeLessThan(await size(dialog.getByRole('heading', { level: 3 })));
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(page.locator('hearken-feedback .hk-launcher')).toBeFocused();
      });
    });
  }
}
