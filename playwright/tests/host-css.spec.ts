import { expect, type Page, test } from '@playwright/test';
import { portalRead, url } from './support.ts';

/** The properties compared: layout, type and colour of a sample of elements inside each widget. */
const PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'word-spacing',
  'line-height',
  'text-transform',
  'text-shadow',
  'margin-top',
  'padding-top',
  'border-top-width',
  'border-top-style',
  'box-sizing',
  'display',
  'text-decoration-line',
];

/**
 * The sampled styles once the widgets have settled: the form paints in default colours first and
 * in the workspace's once its branding read answers, so sampling at first paint races that read.
 */
async function widgetStyles(page: Page, workspaceName: string) {
  await expect(page.locator('hearken-roadmap').getByRole('heading', { name: workspaceName })).toBeVisible();
  await expect(page.locator('hearken-feedback').getByLabel('Your feedback')).toBeVisible();
  await page.waitForLoadState('networkidle');
  let previous = await sampleStyles(page);
  await expect
    .poll(
      async () => {
        const next = await sampleStyles(page);
        const settled = JSON.stringify(next) === JSON.stringify(previous);
        previous = next;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return previous;
}

function sampleStyles(page: Page) {
  return page.evaluate((properties) => {
    const out: Record<string, Record<string, string>> = {};
    for (const host of document.querySelectorAll('hearken-roadmap, hearken-feedback')) {
      const samples = [
        ...(host.shadowRoot?.querySelectorAll('.hk-root, h2, h3, h4, p, button, a, input, textarea, li') ?? []),
      ];
      // Every element of each kind would be slow to compare; the first few of each are enough.
      const seen = new Map<string, number>();
      for (const element of samples) {
        const kind = `${element.localName}.${element.className}`;
        const count = seen.get(kind) ?? 0;
        seen.set(kind, count + 1);
        if (count >= 2) continue;
        const style = getComputedStyle(element);
        out[`${host.localName} ${kind} #${count}`] = Object.fromEntries(
          properties.map((property) => [property, style.getPropertyValue(property)]),
        );
      }
    }
    return out;
  }, PROPERTIES);
}

/**
 * A host page with hostile global CSS (playwright/fixtures/csp/hostile.css: resets, `!important`
 * on everything, element selectors the widgets also use inside) must not change what the widgets
 * look like: every sampled element's computed style equals the one on a plain page.
 */
test('aggressive host CSS does not change the widgets’ computed styles', async ({ page }) => {
  const { workspace } = await portalRead<{ workspace: { name: string } }>('workspaces');
  await page.goto(url('/fixtures/host-css-clean.html'));
  const clean = await widgetStyles(page, workspace.name);
  await page.goto(url('/fixtures/host-css-hostile.html'));
  // The hostile CSS does reach the page itself.
  await expect(page.locator('main > h1')).toHaveCSS('color', 'rgb(255, 0, 255)');
  const hostile = await widgetStyles(page, workspace.name);

  expect(Object.keys(clean).length).toBeGreaterThan(10);
  expect(hostile).toEqual(clean);
});
