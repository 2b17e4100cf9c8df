import { createPortalClient, createV2Client, MODERATION_REASONS, type V2Thread } from '@hearken/core';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, outbox, threads } from '../src/db/schema.ts';
import { webhookEvents } from '../src/db/webhook-tables.ts';
import { deleteExpiredHeld, startHeldRetention } from '../src/moderation/held-retention.ts';
import { call, useServer } from './harness.ts';

const h = useServer({ webhooks: { allowLoopback: true } });
const client = () => createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2Full, retry: 0 });
const DAY = 24 * 60 * 60 * 1000;

/** Posts a thread held for `reasons`, as a key proxy does. */
async function postHeld(text: string, reasons: string[], extra: Record<string, unknown> = {}): Promise<V2Thread> {
  return client().threads.create({ text, moderation: 'held', moderation_reasons: reasons, ...extra });
}

const listedIds = async (moderation?: 'clear' | 'held' | 'all') =>
  (await client().threads.list(moderation ? { moderation, limit: 200 } : { limit: 200 })).data.map((row) => row.id);

/** Subscribes an endpoint of workspace A to the thread events, so they are written to the outbox. */
async function subscribe(): Promise<void> {
  const reply = await call(h, 'POST', '/api/v2/webhooks', {
    key: h.fx.a.keys.v2Full,
    body: { url: 'http://127.0.0.1:9/hook', events: ['thread.created', 'thread.held', 'thread.updated'] },
  });
  expect(reply.status).toBe(201);
}

/** The thread events written so far, oldest first, as type and thread id. */
async function events(): Promise<{ type: string; id: string; moderation: string }[]> {
  const rows = await h.db.orm
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.workspaceId, h.fx.a.workspaceId))
    .orderBy(asc(webhookEvents.createdAt));
  return rows.map((row) => {
    const data = JSON.parse(row.body).data;
    return { type: row.type, id: data.id, moderation: data.moderation };
  });
}

describe('held threads', () => {
  it.each(MODERATION_REASONS.filter((reason) => reason !== 'manual'))(
    'stores one held for %s whole, out of the default list, listed with moderation=held and all',
    async (reason) => {
      const held = await postHeld(`held for ${reason}`, [reason], { contact_email: 'someone@example.com' });
      expect(held).toMatchObject({
        text: `held for ${reason}`,
        moderation: 'held',
        moderation_reasons: [reason],
        contact: { email: 'someone@example.com' },
      });
      expect(await listedIds()).not.toContain(held.id);
      expect(await listedIds('clear')).not.toContain(held.id);
      expect(await listedIds('held')).toEqual([held.id]);
      expect(await listedIds('all')).toContain(held.id);
      expect(await client().threads.get(held.id)).toEqual(held);
    },
  );

  it('a thread posted without moderation is clear, with no reasons, and listed by default', async () => {
    const row = await client().threads.create({ text: 'plain' });
    expect(row).toMatchObject({ moderation: 'clear', moderation_reasons: [] });
    expect(await listedIds()).toContain(row.id);
    expect(await listedIds('held')).toEqual([]);
  });

  it('refuses reasons on a clear thread and an unknown moderation, naming the field', async () => {
    const reasons = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      body: { text: 'x', moderation_reasons: ['links'] },
    });
    expect(reasons.status).toBe(400);
    expect(JSON.stringify(reasons.body)).toContain('moderation_reasons');
    const unknown = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      body: { text: 'x', moderation: 'hidden' },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('moderation');
    const filter = await call(h, 'GET', '/api/v2/threads?moderation=spam', { key: h.fx.a.keys.v2Full });
    expect(filter.status).toBe(400);
    expect(JSON.stringify(filter.body)).toContain('moderation');
    expect(await listedIds('held')).toEqual([]);
  });

  it('the held list pages by cursor and keeps its filter', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      h.clock.now = new Date(h.clock.now.getTime() + 1000);
      ids.push((await postHeld(`held ${i}`, ['duplicate'])).id);
    }
    await client().threads.create({ text: 'clear one' });
    const first = await client().threads.list({ moderation: 'held', limit: 2 });
    const second = await client().threads.list({ cursor: first.page.cursor!, limit: 2 });
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(ids.reverse());
  });

  it('counts no upvote while held, and counts it once released', async () => {
    const portal = createPortalClient({ baseUrl: h.url });
    const before = (await portal.listIssues(h.fx.a.workspaceId)).find((issue) => issue.id === h.fx.a.issueId)!.upvotes;
    const held = await postHeld('+1', ['honeypot'], { origin: 'UPVOTE', issue_id: h.fx.a.issueId });
    const upvotes = async () =>
      (await portal.listIssues(h.fx.a.workspaceId)).find((issue) => issue.id === h.fx.a.issueId)!.upvotes;
    expect(await upvotes()).toBe(before);
    expect(await client().threads.release([held.id])).toEqual({ data: [held.id], not_found: [] });
    expect(await upvotes()).toBe(before + 1);
  });

  it('announces thread.held, then thread.created on release; holding by hand says thread.held with manual', async () => {
    await subscribe();
    const held = await postHeld('suspect', ['fill_time', 'links']);
    expect(await events()).toEqual([{ type: 'thread.held', id: held.id, moderation: 'held' }]);
    // A change while held announces nothing.
    await client().threads.bulkUpdate([held.id], { pain_level: 'HIGH' });
    expect(await events()).toHaveLength(1);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const released = await client().threads.release([held.id, 'missing']);
    expect(released).toEqual({ data: [held.id], not_found: ['missing'] });
    expect((await events()).slice(1)).toEqual([{ type: 'thread.created', id: held.id, moderation: 'clear' }]);
    const row = await client().threads.get(held.id);
    expect(row).toMatchObject({ moderation: 'clear', moderation_reasons: [], pain_level: 'HIGH' });
    expect(await listedIds()).toContain(held.id);
    // Releasing again changes nothing and announces nothing.
    await client().threads.release([held.id]);
    expect(await events()).toHaveLength(2);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    await client().threads.hold([held.id]);
    expect((await client().threads.get(held.id)).moderation_reasons).toEqual(['manual']);
    expect((await events()).slice(2)).toEqual([{ type: 'thread.held', id: held.id, moderation: 'held' }]);
    expect(await listedIds()).not.toContain(held.id);
  });

  it('queues no notification for a held thread (v1 notify)', async () => {
    const held = await postHeld('notify me', ['rate']);
    const reply = await call(h, 'PATCH', `/api/v1/insights/${held.id}`, {
      key: h.fx.a.keys.v1Admin,
      body: { state: 'PROCESSED', notify: { email: true, chat: true } },
    });
    expect(reply.status).toBe(200);
    expect(await h.db.orm.select().from(outbox).where(eq(outbox.workspaceId, h.fx.a.workspaceId))).toEqual([]);
  });
});

describe('held thread retention', () => {
  it('deletes held threads older than the retention, with their messages; keeps released and younger ones', async () => {
    const now = h.clock.now.getTime();
    h.clock.now = new Date(now - 31 * DAY);
    const old = await postHeld('old spam', ['links']);
    const oldReleased = await postHeld('old but real', ['fill_time']);
    await client().threads.release([oldReleased.id]);
    await client().messages.create(old.id, { content: 'screenshot', attachments: [] });
    h.clock.now = new Date(now - 29 * DAY);
    const young = await postHeld('young', ['duplicate']);
    h.clock.now = new Date(now);
    expect(await deleteExpiredHeld(h.db.orm, new Date(now - 30 * DAY))).toBe(1);
    const left = (await h.db.orm.select({ id: threads.id }).from(threads)).map((row) => row.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([oldReleased.id, young.id]));
    expect(await h.db.orm.select().from(messages).where(eq(messages.threadId, old.id))).toEqual([]);
    expect((await call(h, 'GET', `/api/v2/threads/${old.id}`, { key: h.fx.a.keys.v2Full })).status).toBe(404);
  });

  it('the sweep runs at start with the retention given, and refuses a retention that is not positive', async () => {
    const now = h.clock.now.getTime();
    h.clock.now = new Date(now - 3 * DAY);
    const old = await postHeld('three days old', ['honeypot']);
    h.clock.now = new Date(now);
    const sweep = startHeldRetention({ db: h.db, retentionDays: 2, clock: () => new Date(now) });
    await sweep.stop();
    expect((await call(h, 'GET', `/api/v2/threads/${old.id}`, { key: h.fx.a.keys.v2Full })).status).toBe(404);
    expect(() => startHeldRetention({ db: h.db, retentionDays: 0 })).toThrow(RangeError);
  });
});
