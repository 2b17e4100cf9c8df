import { createHash } from 'node:crypto';
import {
  createV2Client,
  isIdempotencyConflictError,
  isIdempotencyKeyReusedError,
  isNotFoundError,
  type V2Thread,
} from '@hearken/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerNeeds, idempotencyRecords, threads } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { call, type Harness, useServer } from './harness.ts';

const h = useServer();
const client = () => createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2Full, retry: 0 });

/** Inserts `count` threads into workspace A, one minute apart, newest last; returns their ids. */
async function addThreads(
  harness: Harness,
  count: number,
  start: Date,
  state: 'NEW' | 'COMPLETED' | 'SNOOZED' = 'NEW',
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    workspaceId: harness.fx.a.workspaceId,
    text: `bulk ${i}`,
    state,
    painLevel: 'UNKNOWN' as const,
    origin: 'API',
    createdAt: new Date(start.getTime() + i * 60_000),
    updatedAt: start,
  }));
  await harness.db.orm.insert(threads).values(rows);
  return rows.map((row) => row.id);
}

const isSorted = (rows: V2Thread[]) =>
  rows.every(
    (row, i) =>
      i === 0 ||
      rows[i - 1]!.created_at > row.created_at ||
      (rows[i - 1]!.created_at === row.created_at && rows[i - 1]!.id > row.id),
  );

describe('GET /threads', () => {
  it('pages by cursor: default 50, sorted by created_at then id descending, no total, has_more false at the end', async () => {
    // 57 more with some identical timestamps, so the id tiebreak matters.
    await addThreads(h, 50, new Date('2026-10-01T00:00:00Z'));
    await h.db.orm.insert(threads).values(
      Array.from({ length: 7 }, () => ({
        id: newId(),
        workspaceId: h.fx.a.workspaceId,
        text: 'same time',
        state: 'NEW' as const,
        painLevel: 'LOW' as const,
        origin: 'API',
        createdAt: new Date('2026-10-01T00:10:00Z'),
        updatedAt: new Date('2026-10-01T00:10:00Z'),
      })),
    );
    const first = await client().threads.list();
    expect(first.data).toHaveLength(50);
    expect(first.page).toMatchObject({ has_more: true, limit: 50 });
    expect(first).not.toHaveProperty('total');
    const second = await client().threads.list({ cursor: first.page.cursor! });
    expect(second.data).toHaveLength(10);
    expect(second.page).toEqual({ cursor: null, has_more: false, limit: 50 });
    const all = [...first.data, ...second.data];
    expect(isSorted(all)).toBe(true);
    expect(new Set(all.map((row) => row.id)).size).toBe(60);
  });

  it('caps limit at 200 and rejects a limit below 1 or not a number', async () => {
    await addThreads(h, 205, new Date('2026-09-01T00:00:00Z'));
    const big = await call(h, 'GET', '/api/v2/threads?limit=500', { key: h.fx.a.keys.v2Full });
    expect(big.body.data).toHaveLength(200);
    expect(big.body.page.limit).toBe(200);
    for (const bad of ['0', '-1', 'ten', '1.5']) {
      const response = await call(h, 'GET', `/api/v2/threads?limit=${bad}`, { key: h.fx.a.keys.v2Full });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.details.issues[0].path).toBe('limit');
    }
  });

  it('stays stable when rows arrive between pages: every row exactly once, new ones not mixed in', async () => {
    const old = await addThreads(h, 30, new Date('2026-10-01T00:00:00Z'));
    const first = await client().threads.list({ limit: 10 });
    // New feedback arrives (newer than everything) and an old row is created "in the past" mid-way.
    await addThreads(h, 5, new Date('2026-11-01T12:00:01Z'));
    const seen = [...first.data];
    let cursor = first.page.cursor;
    while (cursor) {
      const page = await client().threads.list({ limit: 10, cursor });
      seen.push(...page.data);
      cursor = page.page.cursor;
    }
    const ids = seen.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...old, ...h.fx.a.threadIds]));
    expect(ids).toHaveLength(33);
    expect(isSorted(seen)).toBe(true);
  });

  it('filters by status and tab, keeps the filters in the cursor and ignores filters sent with it', async () => {
    await addThreads(h, 4, new Date('2026-10-01T00:00:00Z'), 'COMPLETED');
    await addThreads(h, 2, new Date('2026-10-02T00:00:00Z'), 'SNOOZED');
    const completed = await client().threads.list({ status: 'COMPLETED', limit: 3 });
    expect(completed.data.map((row) => row.state)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    const rest = await call(h, 'GET', `/api/v2/threads?limit=3&status=NEW&cursor=${completed.page.cursor}`, {
      key: h.fx.a.keys.v2Full,
    });
    expect(rest.body.data.map((row: V2Thread) => row.state)).toEqual(['COMPLETED']);
    // Ignored means not read at all: a filter no first page would take changes nothing either.
    const ignored = await call(h, 'GET', `/api/v2/threads?limit=3&status=OPEN&tab=x&cursor=${completed.page.cursor}`, {
      key: h.fx.a.keys.v2Full,
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toEqual(rest.body);
    const snoozed = await client().threads.list({ tab: 'snoozed' });
    expect(snoozed.data).toHaveLength(2);
    const inbox = await client().threads.list({ tab: 'inbox' });
    expect(inbox.data.map((row) => row.state).every((state) => state === 'NEW' || state === 'UNSNOOZED')).toBe(true);
    expect(inbox.data).toHaveLength(3);
    const everything = [];
    for await (const row of client().threads.iterate({ tab: 'all', limit: 2 })) everything.push(row);
    expect(everything).toHaveLength(9);
    for (const query of ['status=OPEN', 'tab=archive', 'status=new']) {
      const response = await call(h, 'GET', `/api/v2/threads?${query}`, { key: h.fx.a.keys.v2Full });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
  });

  it('filters by contact_email without regard to case, keeps it in the cursor, and refuses a malformed one', async () => {
    const c = client();
    const mine = [
      await c.threads.create({ text: 'first', contact_email: 'Follower@Example.com' }),
      await c.threads.create({ text: 'second', contact_email: 'follower@example.com' }),
    ];
    await c.threads.create({ text: 'someone else', contact_email: 'other@example.com' });
    await c.threads.create({ text: 'anonymous' });
    const first = await c.threads.list({ contact_email: 'FOLLOWER@example.com', limit: 1 });
    expect(first.data).toHaveLength(1);
    const next = await c.threads.list({ cursor: first.page.cursor!, limit: 1 });
    expect(next.page.has_more).toBe(false);
    expect([...first.data, ...next.data].map((row) => row.id).sort()).toEqual(mine.map((row) => row.id).sort());
    const bad = await call(h, 'GET', '/api/v2/threads?contact_email=not-an-email', { key: h.fx.a.keys.v2Full });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('contact_email');
  });

  it('rejects malformed and tampered cursors with 400, and a cursor of another workspace', async () => {
    await addThreads(h, 5, new Date('2026-10-01T00:00:00Z'));
    const page = await client().threads.list({ limit: 2 });
    const cursor = page.page.cursor!;
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        filters: { status: 'COMPLETED' },
      }),
    ).toString('base64url');
    const otherKey = h.fx.b.keys.v2Full;
    for (const [bad, key] of [
      ['garbage', h.fx.a.keys.v2Full],
      [`${forged}.${signature}`, h.fx.a.keys.v2Full],
      [`${payload}.${signature}x`, h.fx.a.keys.v2Full],
      [cursor, otherKey],
    ] as const) {
      const response = await call(h, 'GET', `/api/v2/threads?cursor=${encodeURIComponent(bad)}`, { key });
      expect(response.status).toBe(400);
      expect(response.body.error.details.issues[0].path).toBe('cursor');
    }
  });
});

describe('GET /threads/{id}', () => {
  it('returns the row, and 404 not_found for unknown, malformed, deleted and foreign ids', async () => {
    const row = await client().threads.get(h.fx.a.threadIds[0]!);
    expect(row).toMatchObject({ id: h.fx.a.threadIds[0], state: 'NEW', contact: { email: h.fx.a.contactEmail } });
    await h.db.orm.update(threads).set({ isDeleted: true }).where(eq(threads.id, h.fx.a.threadIds[1]!));
    for (const id of [newId(), 'not-an-id', h.fx.a.threadIds[1]!, h.fx.b.threadIds[0]!]) {
      await expect(client().threads.get(id)).rejects.toSatisfy(isNotFoundError);
    }
  });
});

describe('ids in paths', () => {
  it('odd ids in paths are 4xx, never 500', async () => {
    const odd = ['%00', 'x'.repeat(300), '%E2%80%8F', "1'%20or%20'1'='1"];
    for (const id of odd) {
      for (const [path, key] of [
        [`/api/v2/threads/${id}`, h.fx.a.keys.v2Full],
        [`/api/v1/insights/${id}`, h.fx.a.keys.v1Admin],
        [`/api/v1/companies/${id}`, h.fx.a.keys.v1Admin],
        [`/api/v1/contacts/${id}`, h.fx.a.keys.v1Admin],
        [`/api/v1/projects/${id}`, undefined],
      ] as const) {
        const response = await call(h, 'GET', path, { key });
        expect([400, 404], path).toContain(response.status);
      }
    }
    const bulk = await call(h, 'POST', '/api/v2/threads/bulk-delete', {
      key: h.fx.a.keys.v2Full,
      body: { ids: ['x'.repeat(300)] },
    });
    expect(bulk.body).toEqual({ data: [], not_found: ['x'.repeat(300)] });
  });
});

describe('POST /threads', () => {
  it('creates with defaults, finds or creates the contact, and links a customer need for project or issue', async () => {
    const created = await client().threads.create({
      text: '<p>Please add SSO</p>',
      title: 'SSO',
      contact_email: 'NEW.person@example.com',
      contact_name: 'New Person',
      project_id: h.fx.a.projectId,
      issue_id: h.fx.a.issueId,
    });
    expect(created).toMatchObject({
      text: '<p>Please add SSO</p>',
      state: 'NEW',
      pain_level: 'UNKNOWN',
      origin: 'API',
      project_id: h.fx.a.projectId,
      issue_id: h.fx.a.issueId,
      contact: { email: 'NEW.person@example.com', name: 'New Person' },
      created_at: h.clock.now.toISOString(),
    });
    const needs = await h.db.orm.select().from(customerNeeds).where(eq(customerNeeds.threadId, created.id));
    expect(needs).toMatchObject([
      { projectId: h.fx.a.projectId, issueId: h.fx.a.issueId, workspaceId: h.fx.a.workspaceId },
    ]);
    const again = await client().threads.create({
      text: 'again',
      contact_email: 'new.person@EXAMPLE.com',
      origin: 'WIDGET',
    });
    expect(again.contact!.id).toBe(created.contact!.id);
    expect(again.origin).toBe('WIDGET');
    const known = await client().threads.create({ text: 'known', contact_email: h.fx.a.contactEmail });
    expect(known.contact!.id).toBe(h.fx.a.contactId);
    expect(known.company_id).toBe(h.fx.a.companyId);
    expect((await client().threads.get(created.id)).id).toBe(created.id);
  });

  it('replays an idempotent request with the same status and body, and creates one thread', async () => {
    const key = 'create-1';
    const send = (body: unknown) =>
      call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, body, headers: { 'idempotency-key': key } });
    const first = await send({ text: 'once' });
    const second = await send({ text: 'once' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const reused = await send({ text: 'something else' });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    const page = await client().threads.list();
    expect(page.data.filter((row) => row.text === 'once')).toHaveLength(1);
    expect(page.data.some((row) => row.text === 'something else')).toBe(false);
    // The same key belongs to each API key separately.
    const other = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2ThreadsWrite,
      body: { text: 'once' },
      headers: { 'idempotency-key': key },
    });
    expect(other.body.id).not.toBe(first.body.id);
    // The client surfaces 422 as its own error.
    await expect(client().threads.create({ text: 'different' }, { idempotencyKey: key })).rejects.toSatisfy(
      isIdempotencyKeyReusedError,
    );
  });

  it('answers 409 while the first request with the key is still in flight, and replays after 24 h no more', async () => {
    const apiKeyId = (await client().me()).api_key_id;
    const body = JSON.stringify({ text: 'slow' });
    await h.db.orm.insert(idempotencyRecords).values({
      workspaceId: h.fx.a.workspaceId,
      apiKeyId,
      key: 'in-flight',
      requestHash: createHash('sha256').update('POST /api/v2/threads\n').update(body).digest('hex'),
      createdAt: h.clock.now,
    });
    const conflict = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      raw: body,
      headers: { 'idempotency-key': 'in-flight' },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    await expect(client().threads.create({ text: 'slow' }, { idempotencyKey: 'in-flight' })).rejects.toSatisfy(
      isIdempotencyConflictError,
    );

    const first = await client().threads.create({ text: 'daily' }, { idempotencyKey: 'daily' });
    h.clock.now = new Date(h.clock.now.getTime() + 25 * 60 * 60 * 1000);
    const later = await client().threads.create({ text: 'daily' }, { idempotencyKey: 'daily' });
    expect(later.id).not.toBe(first.id);
  });

  it('concurrent requests with one key create exactly one thread', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(h, 'POST', '/api/v2/threads', {
          key: h.fx.a.keys.v2Full,
          body: { text: 'race' },
          headers: { 'idempotency-key': 'race' },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const rows = await h.db.orm
      .select()
      .from(threads)
      .where(and(eq(threads.workspaceId, h.fx.a.workspaceId), eq(threads.text, 'race')));
    expect(rows).toHaveLength(1);
  });
});

describe('bulk operations', () => {
  it('bulk-update takes 100 ids as one write, updates only found threads, and refuses 101', async () => {
    const ids = await addThreads(h, 97, new Date('2026-10-01T00:00:00Z'));
    const foreign = h.fx.b.threadIds[0]!;
    const batch = [...ids, foreign, 'nonsense', newId()];
    expect(batch).toHaveLength(100);
    const before = (await call(h, 'GET', '/api/v2/me', { key: h.fx.a.keys.v2Full })).headers;
    expect(before.get('x-ratelimit-remaining')).toBe('999');
    const result = await client().threads.bulkUpdate(batch, { state: 'COMPLETED', pain_level: 'HIGH', title: 'Done' });
    expect(result.data).toEqual(ids);
    expect(result.not_found).toEqual([foreign, 'nonsense', batch[99]]);
    const rows = await h.db.orm.select().from(threads).where(eq(threads.workspaceId, h.fx.a.workspaceId));
    const updated = rows.filter((row) => ids.includes(row.id));
    expect(updated.every((row) => row.state === 'COMPLETED' && row.painLevel === 'HIGH' && row.title === 'Done')).toBe(
      true,
    );
    expect(updated.every((row) => row.lastStateChangeAt?.getTime() === h.clock.now.getTime())).toBe(true);
    const foreignRow = await h.db.orm.select().from(threads).where(eq(threads.id, foreign));
    expect(foreignRow[0]!.state).toBe('NEW');

    const tooMany = await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: h.fx.a.keys.v2Full,
      body: { ids: [...batch, newId()], set: { state: 'NEW' } },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details.issues[0].path).toBe('ids');
    for (const body of [
      { ids: [], set: { state: 'NEW' } },
      { ids, set: {} },
      { ids, set: { state: 'DONE' } },
      { ids },
    ]) {
      expect((await call(h, 'POST', '/api/v2/threads/bulk-update', { key: h.fx.a.keys.v2Full, body })).status).toBe(
        400,
      );
    }
    const unchanged = await h.db.orm.select().from(threads).where(eq(threads.id, ids[0]!));
    expect(unchanged[0]!.state).toBe('COMPLETED');
  });

  it('bulk-update sets assignee and snooze; an assignee from another workspace is refused', async () => {
    const [id] = h.fx.a.threadIds;
    const result = await client().threads.bulkUpdate([id!], {
      state: 'SNOOZED',
      assignee_id: h.fx.a.user,
      snoozed_until: '2026-12-01T00:00:00.000Z',
    });
    expect(result).toEqual({ data: [id], not_found: [] });
    const row = await client().threads.get(id!);
    expect(row).toMatchObject({
      state: 'SNOOZED',
      assignee_id: h.fx.a.user,
      snoozed_until: '2026-12-01T00:00:00.000Z',
    });
    const foreign = await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: h.fx.a.keys.v2Full,
      body: { ids: [id], set: { assignee_id: h.fx.b.user } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.issues[0].path).toBe('set.assignee_id');
  });

  it('refuses, naming the field, what only looks valid: impossible dates, an empty assignee, a long email', async () => {
    const [id] = h.fx.a.threadIds;
    const cases: [string, unknown, string][] = [
      ['/api/v2/threads/bulk-update', { ids: [id], set: { snoozed_until: '2026-13-45T99:99Z' } }, 'set.snoozed_until'],
      [
        '/api/v2/threads/bulk-update',
        { ids: [id], set: { snoozed_until: '2026-01-01T00:00:00+99:99' } },
        'set.snoozed_until',
      ],
      [
        '/api/v2/threads/bulk-update',
        { ids: [id], set: { snoozed_until: '0000-01-01T00:00:00Z' } },
        'set.snoozed_until',
      ],
      ['/api/v2/threads/bulk-update', { ids: [id], set: { assignee_id: '' } }, 'set.assignee_id'],
      ['/api/v2/threads', { text: 'x', contact_email: `${'a'.repeat(3000)}@example.com` }, 'contact_email'],
      ['/api/v2/companies', { name: 'Acme', domains: ['a'.repeat(50_000)] }, 'domains.0'],
    ];
    for (const [path, body, field] of cases) {
      const reply = await call(h, 'POST', path, { key: h.fx.a.keys.v2Full, body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.error.details.issues[0].path).toBe(field);
    }
    expect((await client().threads.get(id!)).snoozed_until).toBeNull();
  });

  it('bulk-delete removes 100 found threads from lists and reads, refuses 101', async () => {
    const ids = await addThreads(h, 99, new Date('2026-10-01T00:00:00Z'));
    const result = await client().threads.bulkDelete([...ids, h.fx.b.threadIds[0]!]);
    expect(result.data).toEqual(ids);
    expect(result.not_found).toEqual([h.fx.b.threadIds[0]]);
    const page = await client().threads.list({ limit: 200 });
    expect(page.data.map((row) => row.id).sort()).toEqual([...h.fx.a.threadIds].sort());
    await expect(client().threads.get(ids[0]!)).rejects.toSatisfy(isNotFoundError);
    const again = await client().threads.bulkDelete([ids[0]!]);
    expect(again).toEqual({ data: [], not_found: [ids[0]] });
    const tooMany = await call(h, 'POST', '/api/v2/threads/bulk-delete', {
      key: h.fx.a.keys.v2Full,
      body: { ids: Array.from({ length: 101 }, () => newId()) },
    });
    expect(tooMany.status).toBe(400);
    await expect(client().threads.get(h.fx.b.threadIds[0]!)).rejects.toSatisfy(isNotFoundError);
    const other = createV2Client({ baseUrl: h.url, apiKey: h.fx.b.keys.v2Full });
    expect((await other.threads.get(h.fx.b.threadIds[0]!)).id).toBe(h.fx.b.threadIds[0]);
  });
});

describe('POST /companies', () => {
  it('creates a company in snake_case with tracker status, tier and owner', async () => {
    const company = await client().companies.create({
      name: 'Acme',
      logo_url: 'https://acme.test/logo.png',
      domains: ['acme.com', 'acme.co.uk'],
      size: 12,
      revenue: 0,
      external_ids: ['crm-1', 'crm-1', 'crm-2'],
      status_id: 'st-active',
      tier_id: 'tier-gold',
      owner_id: h.fx.a.admin,
    });
    expect(company).toMatchObject({
      name: 'Acme',
      domains: ['acme.com', 'acme.co.uk'],
      size: 12,
      revenue: 0,
      external_ids: ['crm-1', 'crm-2'],
      status_id: 'st-active',
      status_name: 'Active',
      tier_id: 'tier-gold',
      tier_name: 'Gold',
      owner: { id: h.fx.a.admin },
      created_at: h.clock.now.toISOString(),
    });
  });

  it('refuses bad domains, negative sizes, unknown tracker ids, ids without a tracker, and foreign owners', async () => {
    const bad: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', h.fx.a.keys.v2Full],
      [{ name: 'x', domains: ['Not A Domain'] }, 'domains.0', h.fx.a.keys.v2Full],
      [{ name: 'x', size: -1 }, 'size', h.fx.a.keys.v2Full],
      [{ name: 'x', revenue: 1.5 }, 'revenue', h.fx.a.keys.v2Full],
      [{ name: 'x', logo_url: 'not a url' }, 'logo_url', h.fx.a.keys.v2Full],
      [{ name: 'x', status_id: 'st-missing' }, 'status_id', h.fx.a.keys.v2Full],
      [{ name: 'x', owner_id: h.fx.b.admin }, 'owner_id', h.fx.a.keys.v2Full],
      // An empty id names nothing; `null` is how to give none.
      [{ name: 'x', owner_id: '' }, 'owner_id', h.fx.a.keys.v2Full],
      [{ name: 'x', status_id: '' }, 'status_id', h.fx.a.keys.v2Full],
      [{ name: 'x', tier_id: 'tier-gold' }, 'tier_id', h.fx.b.keys.v2Full],
      [{ name: 'x', owner: 'me' }, 'owner', h.fx.a.keys.v2Full],
    ];
    for (const [body, path, key] of bad) {
      const response = await call(h, 'POST', '/api/v2/companies', { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });
});
