import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { issues, outbox } from '../src/db/schema.ts';
import { FOLLOWER_OUTBOX_KIND } from '../src/followers/outbox.ts';
import { newId } from '../src/ids.ts';
import { call, type Harness, type Json, useServer } from './harness.ts';

const h: Harness = useServer();

/** The follower notifications queued for workspace A, ordered by contact. */
async function queued(): Promise<Json[]> {
  const rows = await h.db.orm
    .select()
    .from(outbox)
    .where(and(eq(outbox.workspaceId, h.fx.a.workspaceId), eq(outbox.kind, FOLLOWER_OUTBOX_KIND)))
    .orderBy(asc(outbox.createdAt));
  return rows
    .map((row) => ({ ...(row.payload as Json), createdAt: row.createdAt.toISOString(), delivered: row.deliveredAt }))
    .sort((x, y) => (x.contactId < y.contactId ? -1 : x.contactId > y.contactId ? 1 : 0));
}

/** Posts a thread to workspace A a second after the last one (the newest thread is the one a mail answers), returning its row. */
async function thread(body: Record<string, unknown>): Promise<Json> {
  h.clock.now = new Date(h.clock.now.getTime() + 1000);
  const reply = await call(h, 'POST', '/api/v2/threads', {
    key: h.fx.a.keys.v2Full,
    body: { text: 'Please', ...body },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

const follow = (email: string, link: Record<string, unknown>) =>
  thread({ contact_email: email, notify_contact: true, ...link });

async function setStatus(issueId: string, status: string, headers?: Record<string, string>): Promise<Json> {
  h.clock.now = new Date(h.clock.now.getTime() + 1000);
  const reply = await call(h, 'PATCH', `/api/v2/issues/${issueId}`, {
    key: h.fx.a.keys.v2Full,
    body: { status },
    ...(headers ? { headers } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function secondIssue(): Promise<string> {
  const id = newId();
  await h.db.orm.insert(issues).values({
    id,
    workspaceId: h.fx.a.workspaceId,
    identifier: 'ALP-2',
    trackerTicketId: 't2',
    priority: 'Low',
    status: 'Backlog',
    team: 'Web',
    title: 'Second issue',
    url: 'https://tracker.test/2',
    createdAt: h.clock.now,
    updatedAt: h.clock.now,
  });
  return id;
}

describe('notify_contact on POST /threads', () => {
  it('is false by default, carried by the row when asked, and needs contact_email', async () => {
    expect((await thread({ contact_email: 'a@example.com' })).notify_contact).toBe(false);
    const asked = await follow('a@example.com', { issue_id: h.fx.a.issueId });
    expect(asked.notify_contact).toBe(true);
    const read = await call(h, 'GET', `/api/v2/threads/${asked.id}`, { key: h.fx.a.keys.v2Full });
    expect(read.body.notify_contact).toBe(true);

    for (const body of [
      { text: 'x', notify_contact: true },
      { text: 'x', notify_contact: 'yes' },
    ]) {
      const refused = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.details.issues.map((issue: Json) => issue.path)).toEqual(['notify_contact']);
    }
  });
});

describe('followers of an issue hear of its status changes', { timeout: 30_000 }, () => {
  it('queues one notification per distinct contact, naming its newest following thread, in the same change', async () => {
    const { a } = h.fx;
    const other = await secondIssue();
    // Ann follows twice (by issue_id, then through the project and issue): one notification, her newest thread.
    await follow('ann@example.com', { issue_id: a.issueId });
    const annNewest = await follow('ann@example.com', { project_id: a.projectId, issue_id: a.issueId });
    const bob = await follow('bob@example.com', { issue_id: a.issueId });
    // Not followers: no notify_contact, another issue, held, deleted.
    await thread({ contact_email: 'cat@example.com', issue_id: a.issueId });
    await follow('dan@example.com', { issue_id: other });
    await follow('eve@example.com', { issue_id: a.issueId, moderation: 'held', moderation_reasons: ['links'] });
    const gone = await follow('fay@example.com', { issue_id: a.issueId });
    await call(h, 'POST', '/api/v2/threads/bulk-delete', { key: a.keys.v2Full, body: { ids: [gone.id] } });
    // A newer thread of Ann's on the other issue does not change which thread answers for this one.
    await follow('ann@example.com', { issue_id: other });

    await setStatus(a.issueId, 'In Progress');
    const at = h.clock.now.toISOString();
    expect(await queued()).toEqual(
      [
        { contactId: annNewest.contact.id, threadId: annNewest.id },
        { contactId: bob.contact.id, threadId: bob.id },
      ]
        .map((who) => ({
          event: 'status_changed',
          issueId: a.issueId,
          status: 'In Progress',
          previousStatus: 'Todo',
          ...who,
          createdAt: at,
          delivered: null,
        }))
        .sort((x, y) => (x.contactId < y.contactId ? -1 : 1)),
    );
  });

  it('queues nothing when the status stays, for other fields, for a replay, or for a refused change', async () => {
    const { a } = h.fx;
    await follow('ann@example.com', { issue_id: a.issueId });
    await setStatus(a.issueId, 'Todo');
    await call(h, 'PATCH', `/api/v2/issues/${a.issueId}`, { key: a.keys.v2Full, body: { title: 'New title' } });
    expect(await queued()).toEqual([]);

    const headers = { 'idempotency-key': 'move-once' };
    await setStatus(a.issueId, 'Done', headers);
    await setStatus(a.issueId, 'Done', headers);
    expect((await queued()).map((row) => row.status)).toEqual(['Done']);

    // A change refused on another field moves nothing and tells no one.
    const refused = await call(h, 'PATCH', `/api/v2/issues/${a.issueId}`, {
      key: a.keys.v2Full,
      body: { status: 'Canceled', project_id: h.fx.b.projectId },
    });
    expect(refused.status).toBe(400);
    expect((await queued()).map((row) => row.status)).toEqual(['Done']);
  });

  it('two concurrent status changes are told in the order they applied, each from the status the other left', async () => {
    const { a } = h.fx;
    await follow('ann@example.com', { issue_id: a.issueId });
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const replies = await Promise.all(
      ['In Progress', 'Done'].map((status) =>
        call(h, 'PATCH', `/api/v2/issues/${a.issueId}`, { key: a.keys.v2Full, body: { status } }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const rows = await queued();
    expect(rows).toHaveLength(2);
    const [first, second] = rows[0].previousStatus === 'Todo' ? rows : [rows[1], rows[0]];
    expect(second.previousStatus).toBe(first.status);
    const final = await call(h, 'GET', `/api/v2/issues/${a.issueId}`, { key: a.keys.v2Full });
    expect(final.body.status).toBe(second.status);
  });

  it('tells no held thread; one released later hears only of later changes', async () => {
    const { a } = h.fx;
    const held = await follow('eve@example.com', { issue_id: a.issueId, moderation: 'held' });
    await setStatus(a.issueId, 'In Progress');
    expect(await queued()).toEqual([]);
    await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: a.keys.v2Full,
      body: { ids: [held.id], set: { moderation: 'clear' } },
    });
    expect(await queued()).toEqual([]);
    await setStatus(a.issueId, 'Done');
    expect(await queued()).toMatchObject([{ threadId: held.id, status: 'Done', previousStatus: 'In Progress' }]);
  });
});

describe('followers hear when a published changelog entry ships their issues', { timeout: 30_000 }, () => {
  it('one notification per contact, listing every linked issue it follows, when created published', async () => {
    const { a } = h.fx;
    const second = await secondIssue();
    const both = await follow('ann@example.com', { issue_id: a.issueId });
    const annLater = await follow('ann@example.com', { issue_id: second });
    const bob = await follow('bob@example.com', { issue_id: second });
    await follow('eve@example.com', { issue_id: second, moderation: 'held' });
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const entry = await call(h, 'POST', '/api/v2/changelogs', {
      key: a.keys.v2Full,
      body: { title: 'Shipped', notes: '<p>Both</p>', issue_ids: [second, a.issueId], published: true },
    });
    expect(entry.status).toBe(201);
    expect(entry.body.issue_ids).toEqual([second, a.issueId]);
    const at = h.clock.now.toISOString();
    expect(both.contact.id).toBe(annLater.contact.id);
    expect(await queued()).toEqual(
      [
        { contactId: both.contact.id, threadId: annLater.id, issueIds: [second, a.issueId] },
        { contactId: bob.contact.id, threadId: bob.id, issueIds: [second] },
      ]
        .map((who) => ({ event: 'shipped', changelogId: entry.body.id, ...who, createdAt: at, delivered: null }))
        .sort((x, y) => (x.contactId < y.contactId ? -1 : 1)),
    );
  });

  it('a draft tells no one until published; publishing again or editing tells no one twice; a newly linked issue is told', async () => {
    const { a } = h.fx;
    const second = await secondIssue();
    const ann = await follow('ann@example.com', { issue_id: a.issueId });
    const bob = await follow('bob@example.com', { issue_id: second });
    const key = a.keys.v2Full;
    const draft = await call(h, 'POST', '/api/v2/changelogs', {
      key,
      body: { title: 'Soon', notes: '<p>Soon</p>', issue_ids: [a.issueId] },
    });
    const path = `/api/v2/changelogs/${draft.body.id}`;
    expect(await queued()).toEqual([]);

    expect((await call(h, 'PATCH', path, { key, body: { published: true } })).status).toBe(200);
    expect(await queued()).toMatchObject([{ contactId: ann.contact.id, issueIds: [a.issueId] }]);

    await call(h, 'PATCH', path, { key, body: { published: false } });
    await call(h, 'PATCH', path, { key, body: { published: true } });
    await call(h, 'PATCH', path, { key, body: { title: 'Shipped' } });
    expect(await queued()).toHaveLength(1);

    const linked = await call(h, 'PATCH', path, { key, body: { issue_ids: [a.issueId, second] } });
    expect(linked.body.issue_ids).toEqual([a.issueId, second]);
    const rows = await queued();
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.contactId === bob.contact.id)).toMatchObject({
      event: 'shipped',
      changelogId: draft.body.id,
      issueIds: [second],
      threadId: bob.id,
    });
  });

  it('refuses issue_ids naming no issue of the workspace, or more than 50, naming the field; nothing is written', async () => {
    const { a } = h.fx;
    const key = a.keys.v2Full;
    const body = (issueIds: string[]) => ({ title: 'T', notes: '<p>N</p>', issue_ids: issueIds, published: true });
    const unknown = await call(h, 'POST', '/api/v2/changelogs', { key, body: body([a.issueId, h.fx.b.issueId]) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.issues).toEqual([{ path: 'issue_ids.1', message: expect.any(String) }]);
    const many = await call(h, 'POST', '/api/v2/changelogs', {
      key,
      body: body(Array.from({ length: 51 }, () => a.issueId)),
    });
    expect(many.status).toBe(400);
    expect(many.body.error.details.issues[0].path).toBe('issue_ids');
    const list = await call(h, 'GET', '/api/v2/changelogs?state=all', { key });
    expect(list.body.data).toEqual([]);

    const entry = await call(h, 'POST', '/api/v2/changelogs', { key, body: { title: 'T', notes: '<p>N</p>' } });
    expect(entry.body.issue_ids).toEqual([]);
    const patched = await call(h, 'PATCH', `/api/v2/changelogs/${entry.body.id}`, {
      key,
      body: { issue_ids: ['nope'] },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.issues[0].path).toBe('issue_ids.0');
    // The same issue twice is linked once.
    const twice = await call(h, 'PATCH', `/api/v2/changelogs/${entry.body.id}`, {
      key,
      body: { issue_ids: [a.issueId, a.issueId] },
    });
    expect(twice.body.issue_ids).toEqual([a.issueId]);
  });
});
