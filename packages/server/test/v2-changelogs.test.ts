import { createPortalClient, createV2Client } from '@hearken/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/services/provision.ts';
import { startDeliveryWorker } from '../src/webhooks/delivery-worker.ts';
import { call, type Harness, type Json, useServer } from './harness.ts';
import { startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const entry = (overrides: Record<string, unknown> = {}) => ({
  title: 'Dark mode',
  notes: '<p>At last.</p>',
  ...overrides,
});
const ids = (reply: Json): string[] => reply.body.data.map((row: { id: string }) => row.id);

/** Creates entries one second apart (the list's order is by creation), returning their ids. */
async function createEntries(bodies: Record<string, unknown>[], key = h.fx.a.keys.v2Full): Promise<string[]> {
  const created: string[] = [];
  for (const body of bodies) {
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const reply = await call(h, 'POST', '/api/v2/changelogs', { key, body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    created.push(reply.body.id);
  }
  return created;
}

async function scopedKey(scopes: string[]): Promise<string> {
  const { workspaceId, admin } = h.fx.a;
  return (
    await createApiKey(h.db.orm, { workspaceId, version: 2, name: 'scoped', memberId: admin, scopes }, h.clock.now)
  ).secret;
}

describe('v2 changelogs', { timeout: 30_000 }, () => {
  it('creates with the decided defaults and reads the row back', async () => {
    const reply = await call(h, 'POST', '/api/v2/changelogs', { key: h.fx.a.keys.v2Full, body: entry() });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      version: 1,
      title: 'Dark mode',
      date: h.clock.now.toISOString(),
      published: false,
      archived: false,
      image_url: null,
      project_id: null,
      notes: '<p>At last.</p>',
      issue_ids: [],
      created_at: h.clock.now.toISOString(),
      updated_at: h.clock.now.toISOString(),
    });
    const read = await call(h, 'GET', `/api/v2/changelogs/${reply.body.id}`, { key: h.fx.a.keys.v2Full });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(reply.body);
    expect(read.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('keeps every given field, rich-text notes included', async () => {
    const notes = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] };
    const body = {
      title: 'T',
      notes,
      date: '2026-03-04T05:06:07.000Z',
      version: 7,
      image_url: 'https://cdn.example.com/a.png',
      project_id: h.fx.a.projectId,
      published: true,
    };
    const reply = await call(h, 'POST', '/api/v2/changelogs', { key: h.fx.a.keys.v2Full, body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject(body);
  });

  it('lists by state, newest first, page by page; the cursor carries the state', async () => {
    const key = h.fx.a.keys.v2Full;
    const [p1, p2, draft, p3, archived, p4] = await createEntries([
      entry({ published: true }),
      entry({ published: true }),
      entry(),
      entry({ published: true }),
      entry({ published: true }),
      entry({ published: true }),
    ]);
    expect((await call(h, 'PATCH', `/api/v2/changelogs/${archived}`, { key, body: { archived: true } })).status).toBe(
      200,
    );
    // Another workspace's entries never show.
    await createEntries([entry({ published: true })], h.fx.b.keys.v2Full);

    const first = await call(h, 'GET', '/api/v2/changelogs?limit=2', { key });
    expect(ids(first)).toEqual([p4, p3]);
    expect(first.body.page).toMatchObject({ has_more: true, limit: 2 });
    // A state sent beside the cursor is ignored: the cursor's (published) applies.
    const second = await call(h, 'GET', `/api/v2/changelogs?limit=2&state=all&cursor=${first.body.page.cursor}`, {
      key,
    });
    expect(ids(second)).toEqual([p2, p1]);
    expect(second.body.page).toEqual({ cursor: null, has_more: false, limit: 2 });

    expect(ids(await call(h, 'GET', '/api/v2/changelogs?state=draft', { key }))).toEqual([draft]);
    expect(ids(await call(h, 'GET', '/api/v2/changelogs?state=archived', { key }))).toEqual([archived]);
    expect(ids(await call(h, 'GET', '/api/v2/changelogs?state=all', { key }))).toEqual([
      p4,
      archived,
      p3,
      draft,
      p2,
      p1,
    ]);

    // The typed client follows the cursor to the end, each entry once.
    const v2 = createV2Client({ baseUrl: h.url, apiKey: key });
    const seen: string[] = [];
    for await (const row of v2.changelogs.iterate({ state: 'all', limit: 4 })) seen.push(row.id);
    expect(seen).toEqual([p4, archived, p3, draft, p2, p1]);
  });

  it('tags the list with an ETag and answers 304 while it still matches', async () => {
    const key = h.fx.a.keys.v2Full;
    await createEntries([entry({ published: true })]);
    const first = await call(h, 'GET', '/api/v2/changelogs', { key });
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await call(h, 'GET', '/api/v2/changelogs', { key, headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    await createEntries([entry({ published: true })]);
    expect((await call(h, 'GET', '/api/v2/changelogs', { key, headers: { 'if-none-match': tag! } })).status).toBe(200);
  });

  it('refuses a bad state, limit or cursor with 400 invalid_request naming the parameter', async () => {
    const key = h.fx.a.keys.v2Full;
    for (const [query, path] of [
      ['state=deleted', 'state'],
      ['limit=0', 'limit'],
      ['cursor=forged.cursor', 'cursor'],
    ]) {
      const reply = await call(h, 'GET', `/api/v2/changelogs?${query}`, { key });
      expect(reply.status, query).toBe(400);
      expect(reply.body.error.code).toBe('invalid_request');
      expect(reply.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });

  it('refuses bad bodies with 400 invalid_request naming the field', async () => {
    const key = h.fx.a.keys.v2Full;
    const cases: [string, unknown, string][] = [
      ['POST', { notes: 'x' }, 'title'],
      ['POST', entry({ title: '' }), 'title'],
      ['POST', entry({ title: 'x'.repeat(256) }), 'title'],
      ['POST', { title: 'T' }, 'notes'],
      ['POST', entry({ notes: { type: 'paragraph' } }), 'notes'],
      ['POST', entry({ image_url: 'http://cdn.example.com/a.png' }), 'image_url'],
      ['POST', entry({ image_url: 'javascript:alert(1)' }), 'image_url'],
      ['POST', entry({ date: 'yesterday' }), 'date'],
      ['POST', entry({ version: 1.5 }), 'version'],
      ['POST', entry({ published: 'yes' }), 'published'],
      ['POST', entry({ archived: true }), 'archived'],
      ['POST', entry({ project_id: 'no-such-project' }), 'project_id'],
      ['PATCH', { image_url: 'http://cdn.example.com/a.png' }, 'image_url'],
      ['PATCH', { title: '' }, 'title'],
      ['PATCH', { archived: 'no' }, 'archived'],
    ];
    const [existing] = await createEntries([entry()]);
    for (const [method, body, field] of cases) {
      const path = method === 'POST' ? '/api/v2/changelogs' : `/api/v2/changelogs/${existing}`;
      const reply = await call(h, method, path, { key, body });
      expect(reply.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body.error.code).toBe('invalid_request');
      expect(reply.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
  });

  it('answers 404 not_found for an unknown id, and for another workspace’s entry', async () => {
    const [other] = await createEntries([entry()], h.fx.b.keys.v2Full);
    const key = h.fx.a.keys.v2Full;
    for (const id of ['missing', other]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { title: 'x' }],
      ] as const) {
        const reply = await call(h, method, `/api/v2/changelogs/${id}`, { key, body });
        expect(reply.status, `${method} ${id}`).toBe(404);
        expect(reply.body.error.code).toBe('not_found');
      }
    }
  });

  it('updates the fields given, archived among them; null clears the image', async () => {
    const key = h.fx.a.keys.v2Full;
    const [id] = await createEntries([entry({ image_url: 'https://cdn.example.com/a.png' })]);
    h.clock.now = new Date(h.clock.now.getTime() + 5000);
    const reply = await call(h, 'PATCH', `/api/v2/changelogs/${id}`, {
      key,
      body: { title: 'Renamed', image_url: null, archived: true, version: 2 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id,
      title: 'Renamed',
      image_url: null,
      archived: true,
      version: 2,
      notes: '<p>At last.</p>',
      updated_at: h.clock.now.toISOString(),
    });
    h.clock.now = new Date(h.clock.now.getTime() + 5000);
    const unchanged = await call(h, 'PATCH', `/api/v2/changelogs/${id}`, { key, body: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(reply.body);
  });

  it('enforces the scopes: 403 scope_required with required and granted, 401 without a key', async () => {
    const readOnly = await scopedKey(['changelogs:read']);
    const writeOnly = await scopedKey(['changelogs:write']);
    const threadsOnly = h.fx.a.keys.v2Read;
    const [id] = await createEntries([entry()]);

    expect((await call(h, 'GET', '/api/v2/changelogs', { key: readOnly })).status).toBe(200);
    expect((await call(h, 'GET', `/api/v2/changelogs/${id}`, { key: readOnly })).status).toBe(200);
    expect((await call(h, 'POST', '/api/v2/changelogs', { key: writeOnly, body: entry() })).status).toBe(201);

    const denied = [
      await call(h, 'GET', '/api/v2/changelogs', { key: threadsOnly }),
      await call(h, 'GET', `/api/v2/changelogs/${id}`, { key: writeOnly }),
      await call(h, 'POST', '/api/v2/changelogs', { key: readOnly, body: entry() }),
      await call(h, 'PATCH', `/api/v2/changelogs/${id}`, { key: readOnly, body: { published: true } }),
    ];
    expect(denied.map((reply) => [reply.status, reply.body.error.code])).toEqual(
      Array(4).fill([403, 'scope_required']),
    );
    expect(denied[0]!.body.error.details).toEqual({ required: ['changelogs:read'], granted: ['threads:read'] });
    expect(denied[2]!.body.error.details).toEqual({ required: ['changelogs:write'], granted: ['changelogs:read'] });

    const anonymous = await call(h, 'GET', '/api/v2/changelogs');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
    const v1 = await call(h, 'GET', '/api/v2/changelogs', { key: h.fx.a.keys.v1Admin });
    expect(v1.status).toBe(410);
    // Nothing was published by the refused PATCH.
    expect((await call(h, 'GET', `/api/v2/changelogs/${id}`, { key: readOnly })).body.published).toBe(false);
  });

  it('replays a create sent again with the same Idempotency-Key: one entry, the same answer', async () => {
    const key = h.fx.a.keys.v2Full;
    const headers = { 'idempotency-key': 'changelog-once' };
    const first = await call(h, 'POST', '/api/v2/changelogs', { key, body: entry(), headers });
    const again = await call(h, 'POST', '/api/v2/changelogs', { key, body: entry(), headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call(h, 'POST', '/api/v2/changelogs', { key, body: entry({ title: 'Else' }), headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect(ids(await call(h, 'GET', '/api/v2/changelogs?state=all', { key }))).toEqual([first.body.id]);
  });

  it('the portal’s latestChangelog follows the newest published, unarchived entry by date', async () => {
    const key = h.fx.a.keys.v2Full;
    const portal = createPortalClient({ baseUrl: h.url });
    const latest = async () => (await portal.getWorkspace(h.fx.a.workspaceId)).latestChangelog?.id ?? null;
    expect(await latest()).toBeNull();
    const [march, may, later] = await createEntries([
      entry({ date: '2026-03-01T00:00:00.000Z', published: true }),
      entry({ date: '2026-05-01T00:00:00.000Z', published: true }),
      // Created last but dated earlier: `date`, not creation, decides.
      entry({ date: '2026-04-01T00:00:00.000Z', published: true }),
    ]);
    expect(await latest()).toBe(may);
    const [june] = await createEntries([entry({ date: '2026-06-01T00:00:00.000Z' })]);
    expect(await latest()).toBe(may);
    await call(h, 'PATCH', `/api/v2/changelogs/${june}`, { key, body: { published: true } });
    expect(await latest()).toBe(june);
    await call(h, 'PATCH', `/api/v2/changelogs/${june}`, { key, body: { archived: true } });
    await call(h, 'PATCH', `/api/v2/changelogs/${may}`, { key, body: { published: false } });
    expect(await latest()).toBe(later);
    await call(h, 'PATCH', `/api/v2/changelogs/${later}`, { key, body: { date: '2026-01-01T00:00:00.000Z' } });
    expect(await latest()).toBe(march);
  });

  it('publishing sends changelog.published exactly once per publish', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const key = h.fx.a.keys.v2Full;
    const hook = await call(h, 'POST', '/api/v2/webhooks', {
      key,
      body: { url: receiver.url, events: ['changelog.published'] },
    });
    receiver.secrets.push(hook.body.secret);
    const worker = startDeliveryWorker({
      db: h.db,
      allowLoopback: true,
      pollIntervalMs: 20,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
    });
    cleanups.push(() => worker.stop());

    const born = await call(h, 'POST', '/api/v2/changelogs', {
      key,
      body: entry({ title: 'Born published', published: true }),
    });
    const [draft] = await createEntries([entry({ title: 'Draft first' })]);
    const publish = { 'idempotency-key': 'publish-once' };
    const published = await call(h, 'PATCH', `/api/v2/changelogs/${draft}`, {
      key,
      body: { published: true },
      headers: publish,
    });
    // A replay, a second PATCH that changes nothing about publishing, and an edit: no new event.
    await call(h, 'PATCH', `/api/v2/changelogs/${draft}`, { key, body: { published: true }, headers: publish });
    await call(h, 'PATCH', `/api/v2/changelogs/${draft}`, { key, body: { published: true } });
    await call(h, 'PATCH', `/api/v2/changelogs/${draft}`, { key, body: { title: 'Edited' } });

    await waitFor(() => receiver.accepted.size >= 2, 'the events');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = new Map([...receiver.accepted.values()].map((event) => [event.data.id, event]));
    expect(receiver.accepted.size).toBe(2);
    expect(events.get(born.body.id)?.type).toBe('changelog.published');
    expect(events.get(draft)?.type).toBe('changelog.published');
    expect(events.get(draft)?.data).toEqual(published.body);
    expect(receiver.rejected).toBe(0);
  });
});
