import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { portalRead, url } from './support.ts';

/**
 * The demo as a new user meets it (issue 34): every example page fits a phone and a laptop with
 * the launcher on screen, has nothing serious for axe in either theme, and tells one story (the
 * workspace the widgets show is the product the page is about).
 */

interface Workspace {
  workspace: { name: string };
  latestChangelog: { title: string } | null;
}

/** Each example page, with what shows that its widgets have drawn their seeded content. */
const PAGES: { path: string; launcher: boolean; drawn: (page: Page) => Locator[] }[] = [
  {
    path: '/marketing-site/',
    launcher: true,
    drawn: (page) => [
      page.locator('hearken-roadmap[view="roadmap"]').getByRole('heading').first(),
      page.locator('hearken-roadmap[view="issues"]').getByRole('searchbox'),
      page.locator('hearken-roadmap[view="changelog"] article').first(),
    ],
  },
  {
    path: '/marketing-site/pricing.html',
    launcher: false,
    drawn: (page) => [page.locator('#latest-release hearken-roadmap article').first()],
  },
  {
    path: '/host-app/',
    launcher: true,
    drawn: (page) => [
      page.getByRole('navigation', { name: 'Issues' }).getByRole('button').first(),
      page.locator('.whats-new article').first(),
    ],
  },
  {
    path: '/settings-page/',
    launcher: false,
    drawn: (page) => [
      page.locator('hearken-feedback').getByLabel('Your feedback'),
      page.locator('hearken-roadmap article').first(),
    ],
  },
  {
    path: '/server-rendered/',
    launcher: false,
    drawn: (page) => [page.locator('hearken-roadmap').first().getByRole('heading').first()],
  },
  { path: '/', launcher: false, drawn: (page) => [page.getByRole('heading', { name: 'Hearken examples' })] },
];

async function load(page: Page, path: string, drawn: (page: Page) => Locator[]) {
  await page.goto(url(path));
  for (const locator of drawn(page)) await expect(locator).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** How far the page reaches past the viewport's right edge, and what sticks out the most. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    let right = width;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${element.localName}${element.id ? `#${element.id}` : ''}.${element.className}`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, widest };
  });

/** Nothing reaches past the viewport's right edge, and the launcher, where the page has one, is on screen. */
async function expectWithinScreen(page: Page, launcher: boolean) {
  const { scrollWidth, width: client, widest } = await overflow(page);
  expect(scrollWidth, `widest: ${widest}`).toBeLessThanOrEqual(client);
  if (!launcher) return;
  const button = page.locator('.hk-launcher');
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 860 } });

    test("the settings page's roadmap shows every tab label whole, none cut or scrolled away", async ({ page }) => {
      const { path, drawn } = PAGES.find((entry) => entry.path === '/settings-page/')!;
      await load(page, path, drawn);
      const tabs = page.locator('hearken-roadmap .hk-tabs');
      await expect(tabs.getByRole('button', { name: /Changelog/ })).toBeVisible();
      // Each tab's box lies inside the tab bar's box, and nothing in the bar needs scrolling to see.
      const cut = await tabs.evaluate((bar) => {
        const outer = bar.getBoundingClientRect();
        const hidden = [...bar.querySelectorAll('.hk-tab')]
          .filter((tab) => {
            const box = tab.getBoundingClientRect();
            return box.left < outer.left - 0.5 || box.right > outer.right + 0.5 || tab.scrollWidth > tab.clientWidth;
          })
          .map((tab) => tab.textContent);
        return { hidden, scroll: bar.scrollWidth - bar.clientWidth };
      });
      expect(cut).toEqual({ hidden: [], scroll: 0 });
    });
  });
}

for (const [scheme, width] of [
  ['light', 390],
  ['dark', 390],
  ['light', 1280],
  ['dark', 1280],
] as const) {
  test.describe(`${scheme} theme at ${width} px`, () => {
    test.use({ colorScheme: scheme, viewport: { width, height: width === 390 ? 844 : 860 } });

    for (const { path, launcher, drawn } of PAGES) {
      test(`${path} lays out within the screen's width${launcher ? ', the launcher on screen' : ''}; axe finds nothing serious anywhere, page and widgets together`, async ({
        page,
      }) => {
        await load(page, path, drawn);
        await expectWithinScreen(page, launcher);
        if (scheme === 'dark' && path === '/settings-page/') await page.getByLabel('Dark mode').check();
        // target-size (WCAG 2.2) is off in axe's defaults; Lighthouse's accessibility score counts it.
        expect(await seriousAxeFindings(page, { enable: ['target-size'] })).toEqual([]);
      });
    }
  });
}

test('one product: the workspace the widgets are headed with is the product each page is about', async ({ page }) => {
  const { workspace } = await portalRead<Workspace>('workspaces');
  const pages = [
    { path: '/marketing-site/', product: page.locator('.brand'), widget: 'hearken-roadmap[view="roadmap"]' },
    { path: '/host-app/', product: page.locator('.topbar strong'), widget: '.whats-new' },
    { path: '/settings-page/', product: page.locator('.app-name'), widget: 'hearken-roadmap' },
  ];
  for (const { path, product, widget } of pages) {
    await page.goto(url(path));
    const name = await product.textContent();
    await expect(page.locator(widget).getByRole('heading', { level: 2, name: workspace.name })).toBeVisible();
    expect(name, path).toBe(workspace.name);
    await expect(page).toHaveTitle(new RegExp(workspace.name));
  }
});

test('the settings page offers a screenshot with the feedback: "Add a screenshot" opens the image choices', async ({
  page,
}) => {
  await page.goto(url('/settings-page/'));
  const widget = page.locator('hearken-feedback');
  await widget.getByLabel('Your feedback').fill('The sidebar hides my pinned notes');
  await widget.getByRole('button', { name: 'Add a screenshot' }).click();
  await expect(widget.getByRole('button', { name: 'Choose an image' })).toBeVisible();
});

test('the marketing site shows the changelog history and suggests seeded requests in its feedback dialog', async ({
  page,
}) => {
  await page.goto(url('/marketing-site/'));
  const changelog = page.locator('hearken-roadmap[view="changelog"]');
  await expect.poll(() => changelog.locator('article').count()).toBeGreaterThan(1);
  await expect(changelog.getByRole('button', { name: 'Show older updates' })).toBeVisible();

  await page.locator('.hk-launcher').click();
  const dialog = page.locator('hearken-feedback').getByRole('dialog');
  await dialog.getByLabel('Your feedback').fill('Can I export a notebook to pdf so I can print it?');
  const suggestions = dialog.getByRole('list', { name: 'Already asked? Vote for it instead' });
  await expect(suggestions.getByRole('listitem').filter({ hasText: 'Export notes as PDF' }).first()).toBeVisible();
});
