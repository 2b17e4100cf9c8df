import { createV2Client } from '@hearken/core';
import { afterEach, describe, expect, it } from 'vitest';
import { issues } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { startDeliveryWorker } from '../src/webhooks/delivery-worker.ts';
import { call, type Harness, type Json, useServer } from './harness.ts';
import { startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ids = (reply: Json): string[] => reply.body.data.map((row: { id: string }) => row.id);

/** Adds issues to workspace A, one second apart (the list's order is by creation), returning their ids. */
async function addIssues(specs: { status: string; projectId?: string | null }[]): Promise<string[]> {
  const created: string[] = [];
  for (const [index, spec] of specs.entries()) {
    const at = new Date(h.clock.now.getTime() + (index + 1) * 1000);
    const id = newId();
    await h.db.orm.insert(issues).values({
      id,
      workspaceId: h.fx.a.workspaceId,
      projectId: spec.projectId === undefined ? h.fx.a.projectId : spec.projectId,
      identifier: `ALP-${index + 2}`,
      trackerTicketId: `t${index + 2}`,
      priority: 'Low',
      status: spec.status,
      team: 'Web',
      title: `Issue ${index + 2}`,
      url: `https://tracker.test/${index + 2}`,
      createdAt: at,
      updatedAt: at,
    });
    created.push(id);
  }
  return created;
}

describe('v2 issues', { timeout: 30_000 }, () => {
  it('reads an issue as the decided row, its upvotes counted from live, clear threads', async () => {
    const { a } = h.fx;
    const reply = await call(h, 'GET', `/api/v2/issues/${a.issueId}`, { key: a.keys.v2Full });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: a.issueId,
      identifier: 'ALP-1',
      title: 'Alpha issue',
      description: null,
      status: 'Todo',
      priority: 'High',
      project_id: a.projectId,
      is_visible: null,
      upvotes: 1,
      created_at: h.clock.now.toISOString(),
      updated_at: h.clock.now.toISOString(),
    });
    expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
    // Another workspace's issue, and an id that names nothing, are not found.
    for (const id of [h.fx.b.issueId, 'nope']) {
      const missing = await call(h, 'GET', `/api/v2/issues/${id}`, { key: a.keys.v2Full });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    }
  });

  it('lists newest first, filtered by status and project, page by page; the cursor carries the filters', async () => {
    const key = h.fx.a.keys.v2Full;
    const [done1, todo, done2, elsewhere, done3] = await addIssues([
      { status: 'Done' },
      { status: 'Todo' },
      { status: 'Done' },
      { status: 'Done', projectId: null },
      { status: 'Done' },
    ]);
    const all = await call(h, 'GET', '/api/v2/issues', { key });
    expect(ids(all)).toEqual([done3, elsewhere, done2, todo, done1, h.fx.a.issueId]);
    expect(all.body.page).toEqual({ cursor: null, has_more: false, limit: 50 });

    const first = await call(h, 'GET', `/api/v2/issues?status=Done&project_id=${h.fx.a.projectId}&limit=2`, { key });
    expect(ids(first)).toEqual([done3, done2]);
    expect(first.body.page).toMatchObject({ has_more: true, limit: 2 });
    // Filters sent beside the cursor are ignored: the cursor's apply.
    const second = await call(h, 'GET', `/api/v2/issues?status=Todo&limit=2&cursor=${first.body.page.cursor}`, { key });
    expect(ids(second)).toEqual([done1]);
    expect(second.body.page).toEqual({ cursor: null, has_more: false, limit: 2 });

    const v2 = createV2Client({ baseUrl: h.url, apiKey: key });
    const seen: string[] = [];
    for await (const row of v2.issues.iterate({ status: 'Done', limit: 1 })) seen.push(row.id);
    expect(seen).toEqual([done3, elsewhere, done2, done1]);

    const tampered = await call(h, 'GET', `/api/v2/issues?cursor=${first.body.page.cursor}x`, { key });
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.details.issues[0].path).toBe('cursor');
    // Workspace B sees only its own issue.
    expect(ids(await call(h, 'GET', '/api/v2/issues', { key: h.fx.b.keys.v2Full }))).toEqual([h.fx.b.issueId]);
  });

  it('updates the fields given and answers the row; a no-op changes nothing', async () => {
    const { a } = h.fx;
    const v2 = createV2Client({ baseUrl: h.url, apiKey: a.keys.v2Full });
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const updated = await v2.issues.update(a.issueId, {
      status: 'In Progress',
      title: 'Renamed',
      description: 'Now with details',
      priority: 'Urgent',
      project_id: null,
      is_visible: false,
    });
    expect(updated).toMatchObject({
      status: 'In Progress',
      title: 'Renamed',
      description: 'Now with details',
      priority: 'Urgent',
      project_id: null,
      is_visible: false,
      updated_at: h.clock.now.toISOString(),
    });
    expect(await v2.issues.get(a.issueId)).toEqual(updated);
    // The portal shows the change, and the hidden issue no longer.
    const portal = await call(h, 'GET', `/api/v1/issues/${a.workspaceId}`);
    expect(portal.body.map((issue: Json) => issue.id)).not.toContain(a.issueId);

    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const same = await call(h, 'PATCH', `/api/v2/issues/${a.issueId}`, {
      key: a.keys.v2Full,
      body: { status: 'In Progress', title: 'Renamed' },
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(updated);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const { a } = h.fx;
    const patch = (body: unknown, id = a.issueId) =>
      call(h, 'PATCH', `/api/v2/issues/${id}`, { key: a.keys.v2Full, body });
    for (const [body, path] of [
      [{ status: '' }, 'status'],
      [{ status: 'x'.repeat(101) }, 'status'],
      [{ title: '' }, 'title'],
      [{ is_visible: 'yes' }, 'is_visible'],
      [{ state: 'Done' }, 'state'],
      [{ status: 'Done', project_id: h.fx.b.projectId }, 'project_id'],
    ] as const) {
      const reply = await patch(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('invalid_request');
      expect(reply.body.error.details.issues.map((issue: Json) => issue.path)).toContain(path);
    }
    expect((await patch({ status: 'Done' }, h.fx.b.issueId)).status).toBe(404);
    const row = await call(h, 'GET', `/api/v2/issues/${a.issueId}`, { key: a.keys.v2Full });
    expect(row.body).toMatchObject({ status: 'Todo', title: 'Alpha issue', project_id: a.projectId });
  });

  it('replays an update sent again with the same Idempotency-Key, and refuses the key for another payload', async () => {
    const { a } = h.fx;
    const headers = { 'idempotency-key': 'issue-move-1' };
    const path = `/api/v2/issues/${a.issueId}`;
    const first = await call(h, 'PATCH', path, { key: a.keys.v2Full, body: { status: 'Done' }, headers });
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    const again = await call(h, 'PATCH', path, { key: a.keys.v2Full, body: { status: 'Done' }, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call(h, 'PATCH', path, { key: a.keys.v2Full, body: { status: 'Todo' }, headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('sends issue.status_changed with the previous status, and issue.updated for other changes', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { a } = h.fx;
    const key = a.keys.v2Full;
    const hook = await call(h, 'POST', '/api/v2/webhooks', {
      key,
      body: { url: receiver.url, events: ['issue.status_changed', 'issue.updated'] },
    });
    expect(hook.status).toBe(201);
    receiver.secrets.push(hook.body.secret);
    const worker = startDeliveryWorker({
      db: h.db,
      allowLoopback: true,
      pollIntervalMs: 20,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
    });
    cleanups.push(() => worker.stop());
    const path = `/api/v2/issues/${a.issueId}`;

    const moved = await call(h, 'PATCH', path, { key, body: { status: 'In Progress' } });
    await waitFor(() => receiver.accepted.size >= 1, 'the status event');
    const renamed = await call(h, 'PATCH', path, { key, body: { title: 'Renamed', status: 'In Progress' } });
    await waitFor(() => receiver.accepted.size >= 2, 'the update event');
    // Status and another field at once: both events.
    const both = await call(h, 'PATCH', path, { key, body: { status: 'Done', priority: 'Low' } });
    await waitFor(() => receiver.accepted.size >= 4, 'both events');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const events = [...receiver.accepted.values()];
    expect(events).toHaveLength(4);
    expect(events[0]).toMatchObject({
      type: 'issue.status_changed',
      data: { issue: moved.body, previous_status: 'Todo' },
    });
    expect(events[1]).toMatchObject({ type: 'issue.updated', data: { ...renamed.body, changed_fields: ['title'] } });
    const last = Object.fromEntries(events.slice(2).map((event) => [event.type, event.data]));
    expect(last['issue.status_changed']).toEqual({ issue: both.body, previous_status: 'In Progress' });
    expect(last['issue.updated']).toEqual({ ...both.body, changed_fields: ['priority'] });
    expect(receiver.rejected).toBe(0);
  });
});
