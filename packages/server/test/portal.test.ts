import { createPortalClient, isNotFoundError } from '@hearken/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changelogs, issues, projects, translations, workspaces } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { call, useServer } from './harness.ts';

const h = useServer();

async function addChangelog(notes: unknown, date: string, published = true) {
  const id = newId();
  await h.db.orm.insert(changelogs).values({
    id,
    workspaceId: h.fx.a.workspaceId,
    title: `Release ${date}`,
    notes,
    date: new Date(date),
    published,
    createdAt: new Date(date),
    updatedAt: new Date(date),
  });
  return id;
}

describe('public portal reads', () => {
  it('serves the workspace with its latest published changelog, without a key', async () => {
    await addChangelog('<p>Old</p>', '2026-09-01T00:00:00Z');
    const latest = await addChangelog({ type: 'doc', content: [{ type: 'paragraph' }] }, '2026-10-01T00:00:00Z');
    await addChangelog('<p>Draft</p>', '2026-10-20T00:00:00Z', false);
    const portal = createPortalClient({ baseUrl: h.url, validation: 'strict' });
    const { workspace, latestChangelog } = await portal.getWorkspace(h.fx.a.workspaceId);
    expect(workspace).toMatchObject({ id: h.fx.a.workspaceId, name: 'Alpha', changelogPublic: true });
    expect(latestChangelog).toMatchObject({ id: latest, notes: { type: 'doc' }, published: true });
    await h.db.orm.update(workspaces).set({ changelogPublic: false }).where(eq(workspaces.id, h.fx.a.workspaceId));
    expect((await call(h, 'GET', `/api/v1/workspaces/${h.fx.a.workspaceId}`)).body.latestChangelog).toBeNull();
  });

  it('lists projects and issues as plain arrays with upvotes from customer needs', async () => {
    const portal = createPortalClient({ baseUrl: h.url });
    const projectList = await portal.listProjects(h.fx.a.workspaceId);
    expect(projectList).toMatchObject([{ id: h.fx.a.projectId, upvotes: 1 }]);
    const raw = await call(h, 'GET', `/api/v1/projects/${h.fx.a.workspaceId}`);
    expect(Array.isArray(raw.body)).toBe(true);
    const issueList = await portal.listIssues(h.fx.a.workspaceId);
    expect(issueList).toMatchObject([{ id: h.fx.a.issueId, upvotes: 1, projectId: h.fx.a.projectId }]);
    // A new thread linked to the issue is one more upvote; a hidden issue is not listed.
    await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      body: { text: '+1', origin: 'UPVOTE', issue_id: h.fx.a.issueId },
    });
    await h.db.orm.insert(issues).values({
      id: newId(),
      workspaceId: h.fx.a.workspaceId,
      identifier: 'H-1',
      trackerTicketId: 'h',
      priority: 'Low',
      status: 'Todo',
      team: 'Web',
      title: 'Hidden',
      url: 'https://tracker.test/h',
      isVisible: false,
      createdAt: h.clock.now,
      updatedAt: h.clock.now,
    });
    expect(await createPortalClient({ baseUrl: h.url }).listIssues(h.fx.a.workspaceId)).toMatchObject([{ upvotes: 2 }]);
  });

  it('translates names and descriptions with language, falling back to the original', async () => {
    await h.db.orm.insert(translations).values([
      {
        workspaceId: h.fx.a.workspaceId,
        entityType: 'project',
        entityId: h.fx.a.projectId,
        language: 'de',
        field: 'name',
        value: 'Alpha-Projekt',
      },
      {
        workspaceId: h.fx.a.workspaceId,
        entityType: 'issue',
        entityId: h.fx.a.issueId,
        language: 'de',
        field: 'title',
        value: 'Alpha-Aufgabe',
      },
    ]);
    const portal = createPortalClient({ baseUrl: h.url });
    expect((await portal.listProjects(h.fx.a.workspaceId, { language: 'de' }))[0]!.name).toBe('Alpha-Projekt');
    expect((await portal.listProjects(h.fx.a.workspaceId, { language: 'de-AT' }))[0]!.name).toBe('Alpha-Projekt');
    expect((await portal.listIssues(h.fx.a.workspaceId, { language: 'de' }))[0]!.title).toBe('Alpha-Aufgabe');
    expect((await portal.listProjects(h.fx.a.workspaceId, { language: 'fr' }))[0]!.name).toBe('Alpha project');
    const bad = await call(
      h,
      'GET',
      `/api/v1/projects/${h.fx.a.workspaceId}?language=${encodeURIComponent('<script>')}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].message).toMatch(/^language:/);
  });

  it('answers 404 "Workspace not found" for an unpublished or unknown portal', async () => {
    for (const path of [
      `/api/v1/projects/${h.fx.b.workspaceId}`,
      `/api/v1/issues/${h.fx.b.workspaceId}`,
      `/api/v1/workspaces/${h.fx.b.workspaceId}`,
      '/api/v1/projects/unknown',
    ]) {
      const response = await call(h, 'GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Workspace not found', code: 'NOT_FOUND' });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    await expect(createPortalClient({ baseUrl: h.url }).listProjects(h.fx.b.workspaceId)).rejects.toSatisfy(
      isNotFoundError,
    );
  });

  it('sends CORS for any origin, Cache-Control and ETag, answers 304 to If-None-Match, and handles preflight', async () => {
    const path = `/api/v1/projects/${h.fx.a.workspaceId}`;
    const first = await call(h, 'GET', path, { headers: { origin: 'https://customer.example' } });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${h.url}${path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    await h.db.orm.update(projects).set({ name: 'Changed' }).where(eq(projects.id, h.fx.a.projectId));
    const changed = await fetch(`${h.url}${path}`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const preflight = await fetch(`${h.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
    // The portal client revalidates with the ETag and reuses its parsed copy on 304.
    const portal = createPortalClient({ baseUrl: h.url });
    const a = await portal.listProjects(h.fx.a.workspaceId);
    const b = await portal.listProjects(h.fx.a.workspaceId);
    expect(b).toEqual(a);
    expect(b[0]!.name).toBe('Changed');
  });
});
