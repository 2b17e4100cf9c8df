import { expect, test } from '@playwright/test';
import { url } from './support.ts';

/**
 * Issue 34: the fixed launcher covered the vote button of a card at the page's end, out of reach
 * of a mouse or a finger however far the page scrolled. Each vote button's column is brought into
 * its board's view (where a reader's swipe snaps it), the page scrolled to its end, and the point
 * at the button's centre must be the button itself, not the launcher. The old build failed at
 * 390 px with the launcher bottom-left (the seed's tallest column ends the page under it).
 */

for (const width of [390, 1280] as const) {
  for (const position of ['bottom-right', 'bottom-left'] as const) {
    test(`${width} px, launcher ${position}: at the page's end every vote button in view is the button, not the launcher`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url('/fixtures/board-launcher.html'));
      await page.locator('hearken-feedback').evaluate((element, at) => element.setAttribute('position', at), position);
      // A page long enough to scroll, whose end is the board's.
      await page.locator('h1').evaluate((heading) => heading.style.setProperty('margin-block-end', '100vh'));
      await expect(page.locator('hearken-feedback .hk-launcher')).toBeVisible();
      const votes = page.locator('hearken-roadmap button.hk-vote');
      await expect(votes.first()).toBeVisible();
      const check = () =>
        page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const report = { checked: 0, covered: [] as string[] };
          for (const host of document.querySelectorAll('hearken-roadmap')) {
            for (const button of host.shadowRoot!.querySelectorAll<HTMLElement>('button.hk-vote')) {
              // A narrow board scrolls sideways: bring the button's column in first, at its snap point
              // (the button itself first, so its card is laid out despite `content-visibility`).
              button.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
              button.closest('.hk-column')?.scrollIntoView({ block: 'nearest', inline: 'start', behavior: 'instant' });
              scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
              await frame();
              const { left, top, width: w, height: h } = button.getBoundingClientRect();
              const [x, y] = [left + w / 2, top + h / 2];
              if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue;
              report.checked++;
              const onPage = document.elementFromPoint(x, y);
              const inWidget = onPage === host ? host.shadowRoot!.elementFromPoint(x, y) : null;
              if (!inWidget || !button.contains(inWidget))
                report.covered.push(
                  `${button.getAttribute('aria-label') ?? button.textContent} at ${Math.round(x)},${Math.round(y)}: ${onPage?.localName} ${inWidget?.localName}.${inWidget?.className}`,
                );
            }
          }
          return report;
        });
      // The room follows the page's layout as the widgets load: poll until it holds.
      await expect.poll(async () => (await check()).covered, { timeout: 10_000 }).toEqual([]);
      expect((await check()).checked).toBeGreaterThan(0);
    });
  }
}
