import { createPortalClient, createV2Client, type V2Changelog } from '@hearken/core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { DEMO_WORKSPACE_ID, seedDemo } from '../src/seed/demo.ts';
import { startServer } from '../src/start.ts';
import { migratedTemplate } from './pglite-template.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the demo changelog and its images', () => {
  it('seeds a year of entries in both note forms, one draft and one archived, images served by the server', async () => {
    const server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate(), seed: 'demo' });
    try {
      const v2 = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
      const all: V2Changelog[] = [];
      for await (const entry of v2.changelogs.iterate({ state: 'all', limit: 5 })) all.push(entry);
      const published = all.filter((entry) => entry.published && !entry.archived);
      expect(published.length).toBeGreaterThanOrEqual(12);
      expect(all.filter((entry) => !entry.published)).toHaveLength(1);
      expect(all.filter((entry) => entry.archived)).toHaveLength(1);
      const dates = all.map((entry) => Date.parse(entry.date));
      expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(300 * DAY);
      expect(published.some((entry) => typeof entry.notes === 'string')).toBe(true);
      expect(published.some((entry) => typeof entry.notes === 'object')).toBe(true);
      // Entries link the Done issues they ship, so "Shipped in" in the widgets finds them by id.
      const issues = await createPortalClient({ baseUrl: server.url }).listIssues(DEMO_WORKSPACE_ID);
      const shipped = (title: string) => all.find((entry) => entry.title === title)?.issue_ids;
      const idOf = (title: string) => issues.find((issue) => issue.title === title)?.id;
      expect(idOf('Dark theme for the note editor')).toBeDefined();
      expect(shipped('Dark mode is here')).toEqual([idOf('Dark theme for the note editor')]);
      expect(shipped('Pinned notes')).toEqual([idOf('Pin notes to the top of a notebook')]);
      expect(shipped('Welcome to our public roadmap')).toEqual([]);

      const { workspace, latestChangelog } = await createPortalClient({ baseUrl: server.url }).getWorkspace(
        DEMO_WORKSPACE_ID,
      );
      // The newest by date is the draft: the portal shows the newest published one.
      const newestPublished = [...published].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0]!;
      expect(latestChangelog?.id).toBe(newestPublished.id);

      const images = [workspace.logoUrl!, ...new Set(all.flatMap((entry) => entry.image_url ?? []))];
      expect(images.length).toBeGreaterThan(5);
      for (const url of images) {
        expect(url.startsWith(`${server.url}/assets/demo/`), url).toBe(true);
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        expect(response.headers.get('content-security-policy')).toContain('sandbox');
        expect(await response.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    } finally {
      await server.close();
    }
  }, 120_000);

  it('answers 404 for a file that is not there, and never leaves the folder', async () => {
    const server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate() });
    try {
      for (const path of ['/assets/demo/missing.svg', '/assets/demo/', '/assets/demo/..%2Fpackage.json']) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(response.headers.get('cache-control'), path).toBeNull();
      }
      // fetch would resolve a literal `..` itself; sent as written it must still stay inside.
      const { request } = await import('node:http');
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const url = new URL(server.url);
        request({ host: url.hostname, port: url.port, path: '/assets/demo/../../package.json' }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
          .on('error', reject)
          .end();
      });
      expect(status).toBe(404);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('points the images at the origin of each run, leaving an image set through the API alone', async () => {
    const db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
    try {
      const first = await seedDemo(db, new Date(), 'http://127.0.0.1:4100');
      const again = await seedDemo(db, new Date(), 'https://feedback.example.com');
      expect(again.workspaceId).toBe(first.workspaceId);
      const { workspaces, changelogs } = await import('../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const [workspace] = await db.orm.select().from(workspaces).where(eq(workspaces.id, DEMO_WORKSPACE_ID));
      expect(workspace!.logoUrl).toBe('https://feedback.example.com/assets/demo/logo.svg');
      const rows = await db.orm.select().from(changelogs).where(eq(changelogs.workspaceId, DEMO_WORKSPACE_ID));
      const urls = rows.flatMap((row) => row.imageUrl ?? []);
      expect(urls.length).toBeGreaterThan(5);
      for (const url of urls) expect(url).toMatch(/^https:\/\/feedback\.example\.com\/assets\/demo\/[\w-]+\.svg$/);
      await db.orm
        .update(changelogs)
        .set({ imageUrl: 'https://cdn.example.com/own.png' })
        .where(eq(changelogs.id, rows[0]!.id));
      await seedDemo(db, new Date(), 'http://127.0.0.1:4200');
      const [own] = await db.orm.select().from(changelogs).where(eq(changelogs.id, rows[0]!.id));
      expect(own!.imageUrl).toBe('https://cdn.example.com/own.png');
    } finally {
      await db.close();
    }
  }, 120_000);
});
