import { expect, type Locator, test } from '@playwright/test';
import { portalRead, url } from './support.ts';

interface Branding {
  backgroundColor: string;
  darkModeBackgroundColor: string;
  accentColor: string;
  darkModeAccentColor: string;
}

/** `#rrggbb` or `#rgb` as the `rgb(r, g, b)` string `getComputedStyle` reports. */
function rgb(hex: string): string {
  expect(hex, 'the demo seed brands the workspace with hex colours').toMatch(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

async function branding(): Promise<Branding> {
  return (await portalRead<{ workspace: Branding }>('workspaces')).workspace;
}

/** The computed background of the widget's themed root inside its shadow root. */
const rootBackground = (widget: Locator) =>
  widget.evaluate((element) => {
    const root = element.shadowRoot?.querySelector('.hk-root');
    return root ? getComputedStyle(root).backgroundColor : 'no themed root';
  });

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: the widgets paint with the workspace's ${scheme} colours`, async ({ page }) => {
    const brand = await branding();
    const background = rgb(scheme === 'dark' ? brand.darkModeBackgroundColor : brand.backgroundColor);
    const accent = rgb(scheme === 'dark' ? brand.darkModeAccentColor : brand.accentColor);

    // The marketing site follows the reader's preference (theme="auto").
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(url('/marketing-site/'));
    const roadmap = page.locator('hearken-roadmap[view="roadmap"]');
    await expect(roadmap.getByRole('heading').first()).toBeVisible();
    await expect.poll(() => rootBackground(roadmap)).toBe(background);
    const launcher = page.locator('hearken-feedback').getByRole('button', { name: 'Feedback' });
    await expect(launcher).toHaveCSS('background-color', accent);

    // The settings page forces the theme from its own switch, whatever the reader prefers.
    await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' });
    await page.goto(url('/settings-page/'));
    await page.getByLabel('Dark mode').setChecked(scheme === 'dark');
    for (const widget of [page.locator('hearken-feedback'), page.locator('hearken-roadmap')]) {
      await expect(widget.getByRole('heading').or(widget.getByRole('textbox')).first()).toBeVisible();
      await expect.poll(() => rootBackground(widget)).toBe(background);
    }
    const send = page.locator('hearken-feedback').getByRole('button', { name: 'Send feedback' });
    await expect(send).toHaveCSS('background-color', accent);

    // The host's own tokens reach the widgets through the public custom properties
    // (examples/settings-page/settings.css): its font, and its line colour for each theme.
    const message = page.locator('hearken-feedback').getByLabel('Your feedback');
    await expect(message).toHaveCSS('font-family', /^Inter, /);
    await expect(message).toHaveCSS('border-top-color', rgb(scheme === 'dark' ? '#3d444d' : '#d1d9e0'));
  });
}
