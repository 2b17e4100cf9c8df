import { expect, test } from '@playwright/test';
import { portalRead, url } from './support.ts';

interface Seeded {
  workspace: { name: string };
  latestChangelog: { title: string } | null;
  projects: { name: string }[];
  issues: { title: string; identifier: string }[];
}

/** What the service publishes for the demo workspace, read straight from the reference server. */
async function seeded(): Promise<Seeded> {
  const [{ workspace, latestChangelog }, projects, issues] = await Promise.all([
    portalRead<Pick<Seeded, 'workspace' | 'latestChangelog'>>('workspaces'),
    portalRead<Seeded['projects'] | { projects: Seeded['projects'] }>('projects'),
    portalRead<Seeded['issues']>('issues'),
  ]);
  return { workspace, latestChangelog, projects: Array.isArray(projects) ? projects : projects.projects, issues };
}

test.use({ viewport: { width: 1280, height: 860 } });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test('marketing site shows the seeded roadmap, issues and changelog', async ({ page }) => {
      const data = await seeded();
      expect(data.projects.length).toBeGreaterThan(0);
      await page.goto(url('/marketing-site/'));
      const roadmap = page.locator('hearken-roadmap[view="roadmap"]');
      for (const project of data.projects.slice(0, 3)) {
        await expect(roadmap.getByText(project.name, { exact: true })).toBeVisible();
      }
      const issues = page.locator('hearken-roadmap[view="issues"]');
      for (const issue of data.issues.slice(0, 3)) {
        await expect(
          issues.getByRole('heading', { name: `${issue.identifier} ${issue.title}`, exact: true }),
        ).toBeVisible();
      }
      expect(data.latestChangelog).not.toBeNull();
      await expect(
        page.locator('hearken-roadmap[view="changelog"]').getByText(data.latestChangelog!.title),
      ).toBeVisible();
      await expect(page.locator('hearken-feedback').getByRole('button', { name: 'Feedback' })).toBeVisible();
    });

    test('host app lists the seeded issues and shows the changelog', async ({ page }) => {
      const data = await seeded();
      await page.goto(url('/host-app/'));
      const list = page.getByRole('navigation', { name: 'Issues' });
      for (const issue of data.issues.slice(0, 3)) {
        await expect(
          list.getByRole('button', { name: `${issue.identifier} ${issue.title}`, exact: true }),
        ).toBeVisible();
      }
      await expect(page.locator('.whats-new').getByText(data.latestChangelog!.title)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Give feedback on this issue' })).toBeVisible();
    });

    test('settings page shows the inline form and the changelog', async ({ page }) => {
      const data = await seeded();
      await page.goto(url('/settings-page/'));
      await page.getByLabel('Dark mode').setChecked(scheme === 'dark');
      await expect(page.locator('hearken-feedback').getByLabel('Your feedback')).toBeVisible();
      await expect(page.locator('hearken-roadmap').getByText(data.latestChangelog!.title)).toBeVisible();
    });
  });
}

test('the classic snippet page replays its queued calls: the changelog mounts and feedback opens', async ({ page }) => {
  const data = await seeded();
  await page.goto(url('/marketing-site/pricing.html'));
  await expect(page.locator('#latest-release hearken-roadmap').getByText(data.latestChangelog!.title)).toBeVisible();
  await page.getByRole('button', { name: 'Request a feature' }).click();
  const dialog = page.locator('hearken-feedback').getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your feedback')).toHaveValue('I would like Lumen Notes to…');
});

test('no example page logs a failed request to its own server (the favicon included)', async ({ page }) => {
  const failed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /status of \d+/.test(message.text())) failed.push(message.text());
  });
  for (const path of ['/marketing-site/', '/marketing-site/pricing.html', '/settings-page/', '/host-app/', '/']) {
    await page.goto(url(path));
    await page.waitForLoadState('networkidle');
  }
  expect(failed).toEqual([]);
});
