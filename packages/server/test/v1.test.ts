import { createV1Client, isForbiddenError, isNotFoundError, type V1Client } from '@hearken/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contacts, members, messages, outbox, threads } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { createApiKey } from '../src/services/provision.ts';
import { call, useServer } from './harness.ts';

const h = useServer();
const v1 = (key = h.fx.a.keys.v1Admin): V1Client => createV1Client({ baseUrl: h.url, apiKey: key, retry: 0 });
const roleOf = async (id: string) => (await h.db.orm.select().from(members).where(eq(members.id, id)))[0]!.role;

describe('PATCH /users/role', () => {
  it('lets an admin change another member and answers {}', async () => {
    expect(await v1().users.updateRole({ membershipId: h.fx.a.user, role: 'VIEWER' })).toEqual({});
    expect(await roleOf(h.fx.a.user)).toBe('VIEWER');
    await v1().users.updateRole({ membershipId: h.fx.a.secondAdmin, role: 'USER' });
    expect(await roleOf(h.fx.a.secondAdmin)).toBe('USER');
  });

  it('forbids non-admins, one’s own role, and unknown or foreign memberships', async () => {
    await expect(
      v1(h.fx.a.keys.v1User).users.updateRole({ membershipId: h.fx.a.admin, role: 'USER' }),
    ).rejects.toSatisfy(isForbiddenError);
    const own = await call(h, 'PATCH', '/api/v1/users/role', {
      key: h.fx.a.keys.v1Admin,
      body: { membershipId: h.fx.a.admin, role: 'USER' },
    });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: 'You cannot change your own role', code: 'FORBIDDEN' });
    await expect(v1().users.updateRole({ membershipId: h.fx.b.user, role: 'ADMIN' })).rejects.toSatisfy(
      isNotFoundError,
    );
    expect(await roleOf(h.fx.b.user)).toBe('USER');
    expect(await roleOf(h.fx.a.admin)).toBe('ADMIN');
    const bad = await call(h, 'PATCH', '/api/v1/users/role', {
      key: h.fx.a.keys.v1Admin,
      body: { membershipId: h.fx.a.user, role: 'OWNER', extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message.split(':')[0])).toEqual(['role', 'extra']);
  });

  it('never demotes the last admin, even when two admins demote each other at once', async () => {
    const secondKey = (
      await createApiKey(
        h.db.orm,
        { workspaceId: h.fx.a.workspaceId, version: 1, name: 'second', memberId: h.fx.a.secondAdmin },
        h.clock.now,
      )
    ).secret;
    const results = await Promise.allSettled([
      v1().users.updateRole({ membershipId: h.fx.a.secondAdmin, role: 'USER' }),
      v1(secondKey).users.updateRole({ membershipId: h.fx.a.admin, role: 'USER' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = (await h.db.orm.select().from(members).where(eq(members.workspaceId, h.fx.a.workspaceId))).filter(
      (m) => m.role === 'ADMIN',
    );
    expect(admins).toHaveLength(1);
  });
});

describe('contacts', () => {
  it('lists the workspace’s contacts with skip/take, count and hasMore', async () => {
    for (let i = 0; i < 12; i++) await v1().contacts.create({ email: `c${i}@list.test` });
    const first = await v1().contacts.list();
    expect(first.contacts).toHaveLength(10);
    expect(first).toMatchObject({ nextPage: { skip: 10, take: 10 }, hasMore: true, count: 13 });
    const pat = [...first.contacts, ...(await v1().contacts.list({ skip: 10 })).contacts].find(
      (contact) => contact.id === h.fx.a.contactId,
    );
    expect(pat!.company).toMatchObject({ id: h.fx.a.companyId, domains: ['alpha-customer.com'] });
    const rest = await v1().contacts.list({ skip: 10, take: 10 });
    expect(rest.contacts).toHaveLength(3);
    expect(rest.hasMore).toBe(false);
    const all = [];
    for await (const contact of v1().contacts.iterate({ take: 5 })) all.push(contact.email);
    expect(all).toHaveLength(13);
    expect(all).not.toContain(h.fx.b.contactEmail);
    for (const query of ['skip=-1', 'take=0', 'take=abc', 'take=101']) {
      const response = await call(h, 'GET', `/api/v1/contacts?${query}`, { key: h.fx.a.keys.v1Admin });
      expect(response.status).toBe(400);
      expect(response.body.issues[0].message).toMatch(/^(skip|take):/);
    }
  });

  it('creates contacts linked by company id, by name (creating it) and by external id', async () => {
    const byId = await v1().contacts.create({ email: 'a@x.test', name: 'A', companyId: h.fx.a.companyId });
    expect(byId).toMatchObject({
      email: 'a@x.test',
      name: 'A',
      companyId: h.fx.a.companyId,
      company: { id: h.fx.a.companyId },
    });
    const byName = await v1().contacts.create({ email: 'b@x.test', companyName: 'Brand New Co' });
    expect(byName.company).toMatchObject({ name: 'Brand New Co' });
    const sameName = await v1().contacts.create({ email: 'c@x.test', companyName: 'Brand New Co' });
    expect(sameName.companyId).toBe(byName.companyId);
    await v1().companies.update(h.fx.a.companyId, { externalIds: ['ext-42'] });
    const byExternal = await v1().contacts.create({ email: 'd@gmail.test', companyExternalId: 'ext-42' });
    expect(byExternal.companyId).toBe(h.fx.a.companyId);
    const plain = await v1().contacts.create({ email: 'e@x.test' });
    expect(plain.companyId).toBeNull();
  });

  it('creates a company named by companyName once, however many contacts name it at the same time', async () => {
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => v1().contacts.create({ email: `c${i}@race.test`, companyName: 'Race Inc' })),
    );
    expect(new Set(created.map((contact) => contact.companyId)).size).toBe(1);
    const named = await h.db.orm.select().from(companies).where(eq(companies.name, 'Race Inc'));
    expect(named).toHaveLength(1);
  });

  it('refuses two company links, unknown links, bad emails and duplicates, creating nothing', async () => {
    const count = async () =>
      (await h.db.orm.select().from(contacts).where(eq(contacts.workspaceId, h.fx.a.workspaceId))).length;
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: 'x@x.test', companyId: h.fx.a.companyId, companyName: 'Two' }, 400, 'companyId'],
      [{ email: 'x@x.test', companyId: h.fx.b.companyId }, 400, 'companyId'],
      [{ email: 'x@x.test', companyExternalId: 'nope' }, 400, 'companyExternalId'],
      [{ email: `${'a'.repeat(250)}@x.test` }, 400, 'email'],
      [{ email: 'x@x.test', name: 'n'.repeat(256) }, 400, 'name'],
      [{ email: h.fx.a.contactEmail.toUpperCase() }, 409, ''],
    ];
    for (const [body, status, field] of cases) {
      const response = await call(h, 'POST', '/api/v1/contacts', { key: h.fx.a.keys.v1Admin, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (field) expect(response.body.issues[0].message.startsWith(`${field}:`)).toBe(true);
    }
    expect(await count()).toBe(before);
  });

  it('gets a contact by id or by email, only within the workspace', async () => {
    expect((await v1().contacts.get(h.fx.a.contactId)).email).toBe(h.fx.a.contactEmail);
    const byEmail = await v1().contacts.get(h.fx.a.contactEmail.toUpperCase());
    expect(byEmail).toMatchObject({ id: h.fx.a.contactId, company: { id: h.fx.a.companyId, name: 'Alpha Customer' } });
    for (const id of [h.fx.b.contactId, h.fx.b.contactEmail, 'nobody@x.test', 'garbage']) {
      await expect(v1().contacts.get(id)).rejects.toSatisfy(isNotFoundError);
    }
  });
});

describe('companies', () => {
  it('gets a company with its contacts, and upvotes only with groupUpvotes', async () => {
    const plain = await v1().companies.get(h.fx.a.companyId);
    expect(plain).toMatchObject({
      id: h.fx.a.companyId,
      upvotes: 0,
      contacts: [{ id: h.fx.a.contactId, email: h.fx.a.contactEmail }],
    });
    expect((await v1().companies.get(h.fx.a.companyId, { groupUpvotes: true })).upvotes).toBe(1);
    const bad = await call(h, 'GET', `/api/v1/companies/${h.fx.a.companyId}?groupUpvotes=maybe`, {
      key: h.fx.a.keys.v1Admin,
    });
    expect(bad.status).toBe(400);
  });

  it('patches only given fields, bumps version, clears with null and auto-adds contacts by domain', async () => {
    await v1().contacts.create({ email: 'loner@newdomain.io' });
    await v1().contacts.create({ email: 'taken@newdomain.io', companyName: 'Other' });
    const patched = await v1().companies.update(h.fx.a.companyId, {
      domains: ['newdomain.io'],
      size: 50,
      revenue: 1000,
      tierId: 'tier-gold',
      statusId: 'st-risk',
      autoAdd: true,
    });
    expect(patched).toMatchObject({
      name: 'Alpha Customer',
      domains: ['newdomain.io'],
      size: 50,
      revenue: 1000,
      tierId: 'tier-gold',
      tierName: 'Gold',
      statusId: 'st-risk',
      statusName: 'At risk',
      statusColor: '#a00',
      autoAdd: true,
      version: 2,
      updatedAt: h.clock.now.toISOString(),
    });
    const details = await v1().companies.get(h.fx.a.companyId);
    expect(details.contacts.map((c) => c.email).sort()).toEqual([h.fx.a.contactEmail, 'loner@newdomain.io'].sort());
    const cleared = await v1().companies.update(h.fx.a.companyId, { size: null, tierId: null, name: 'Renamed' });
    expect(cleared).toMatchObject({
      size: null,
      tierId: null,
      tierName: null,
      revenue: 1000,
      name: 'Renamed',
      version: 3,
    });
    // A contact created later with the domain joins automatically.
    expect((await v1().contacts.create({ email: 'later@newdomain.io' })).companyId).toBe(h.fx.a.companyId);
    // Only provided fields change: a PATCH that provides none changes nothing, not even the version.
    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    expect(await v1().companies.update(h.fx.a.companyId, {})).toEqual(cleared);
  });

  it('refuses bad fields and tracker ids (unknown, or with no tracker connected), changing nothing', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { domains: ['UPPER.com'] }, 'domains.0'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { domains: [`${'a'.repeat(60)}.com`] }, 'domains.0'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { externalIds: [''] }, 'externalIds.0'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { name: '' }, 'name'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { size: 'big' }, 'size'],
      // Numbers the 64-bit column cannot hold were database errors (500) before.
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { size: 1.5 }, 'size'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { revenue: 1e19 }, 'revenue'],
      // Over-long: refused on its length, the domain pattern never run on it.
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { domains: ['a'.repeat(50_000)] }, 'domains.0'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { tierId: 'tier-none' }, 'tierId'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { name: 'ok', statusId: 'nope' }, 'statusId'],
      [h.fx.b.keys.v1Admin, h.fx.b.companyId, { tierId: 'tier-gold' }, 'tierId'],
      [h.fx.a.keys.v1Admin, h.fx.a.companyId, { owner: 'x' }, 'owner'],
    ];
    for (const [key, id, body, field] of cases) {
      const response = await call(h, 'PATCH', `/api/v1/companies/${id}`, { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.issues[0].message.startsWith(`${field}:`), response.body.issues[0].message).toBe(true);
    }
    expect(await v1().companies.get(h.fx.a.companyId)).toMatchObject({ name: 'Alpha Customer', tierId: null });
  });

  it('deletes softly: isDeleted, links removed, then 404', async () => {
    expect(await v1().companies.delete(h.fx.a.companyId)).toEqual({ isDeleted: true });
    await expect(v1().companies.get(h.fx.a.companyId)).rejects.toSatisfy(isNotFoundError);
    await expect(v1().companies.delete(h.fx.a.companyId)).rejects.toSatisfy(isNotFoundError);
    expect((await v1().contacts.get(h.fx.a.contactId)).companyId).toBeNull();
    const [thread] = await h.db.orm.select().from(threads).where(eq(threads.id, h.fx.a.threadIds[0]!));
    expect(thread!.companyId).toBeNull();
  });

  it('a PATCH or a second DELETE racing a DELETE lands before it or is 404, never editing the deleted company', async () => {
    const patch = () =>
      call(h, 'PATCH', `/api/v1/companies/${h.fx.a.companyId}`, {
        key: h.fx.a.keys.v1Admin,
        body: { domains: ['revived.io'], autoAdd: true },
      });
    const remove = () => call(h, 'DELETE', `/api/v1/companies/${h.fx.a.companyId}`, { key: h.fx.a.keys.v1Admin });
    const [deleted, again, ...patches] = await Promise.all([remove(), remove(), patch(), patch(), patch(), patch()]);
    // Two DELETEs at once: one deletes, the other finds nothing left to delete.
    expect([deleted.status, again.status].sort()).toEqual([200, 404]);
    for (const response of patches) {
      expect([200, 404]).toContain(response.status);
      if (response.status === 200) expect(response.body.isDeleted).toBe(false);
    }
    const [row] = await h.db.orm.select().from(companies).where(eq(companies.id, h.fx.a.companyId));
    expect(row).toMatchObject({ isDeleted: true, domains: [], autoAdd: null });
    expect((await v1().contacts.create({ email: 'new@revived.io' })).companyId).toBeNull();
  });

  it('lists tracker options, or nulls when no tracker is connected', async () => {
    expect(await v1().companies.trackerOptions()).toEqual({
      statuses: [
        { id: 'st-active', name: 'Active', color: '#0a0' },
        { id: 'st-risk', name: 'At risk', color: '#a00' },
      ],
      tiers: [{ id: 'tier-gold', name: 'Gold' }],
    });
    expect(await v1(h.fx.b.keys.v1Admin).companies.trackerOptions()).toEqual({ statuses: null, tiers: null });
  });
});

describe('insights (threads)', () => {
  it('gets a thread with its relations, and the conversation only when asked', async () => {
    const [id] = h.fx.a.threadIds;
    await v1().threads.sendMessage(id!, { content: 'Hello' });
    const thread = await v1().threads.get(id!);
    expect(thread).toMatchObject({
      id,
      workspaceId: h.fx.a.workspaceId,
      contact: { id: h.fx.a.contactId },
      company: { id: h.fx.a.companyId },
      customerNeeds: [{ feedbackId: id, projectId: h.fx.a.projectId, issueId: h.fx.a.issueId }],
    });
    expect(thread).not.toHaveProperty('conversation');
    const withConversation = await v1().threads.get(id!, { includeConversation: true });
    expect(withConversation.conversation).toMatchObject([
      { type: 'email', data: { type: 'OUTBOUND', textContent: 'Hello' } },
    ]);
    const bad = await call(h, 'GET', `/api/v1/insights/${id}?includeConversation=yes`, { key: h.fx.a.keys.v1Admin });
    expect(bad.status).toBe(400);
  });

  it('patches given fields; a state change sets lastStateChangeAt; notify goes to the outbox', async () => {
    const [id] = h.fx.a.threadIds;
    const summary = await v1().threads.update(id!, {
      state: 'PROCESSED',
      title: 'Triaged',
      notify: { email: true, chat: false },
    });
    expect(summary).toMatchObject({
      id,
      state: 'PROCESSED',
      title: 'Triaged',
      text: 'Feedback 0',
      painLevel: 'LOW',
      contactEmail: h.fx.a.contactEmail,
      contactName: 'Pat',
      updatedAt: h.clock.now.toISOString(),
      workspaceId: h.fx.a.workspaceId,
    });
    const [row] = await h.db.orm.select().from(threads).where(eq(threads.id, id!));
    expect(row!.lastStateChangeAt?.toISOString()).toBe(h.clock.now.toISOString());
    const notes = await h.db.orm.select().from(outbox).where(eq(outbox.workspaceId, h.fx.a.workspaceId));
    expect(notes.map((n) => n.kind)).toEqual(['thread.notify.email']);

    h.clock.now = new Date(h.clock.now.getTime() + 60_000);
    await v1().threads.update(id!, { state: 'PROCESSED', painLevel: 'HIGH', projectId: h.fx.a.projectId });
    const [same] = await h.db.orm.select().from(threads).where(eq(threads.id, id!));
    expect(same!.lastStateChangeAt?.toISOString()).not.toBe(h.clock.now.toISOString());
    expect(same!.updatedAt.toISOString()).toBe(h.clock.now.toISOString());
    expect(same!.painLevel).toBe('HIGH');

    for (const body of [
      { text: '' },
      { state: 'OPEN' },
      { projectId: h.fx.b.projectId },
      { notify: { sms: true } },
      { x: 1 },
    ]) {
      const response = await call(h, 'PATCH', `/api/v1/insights/${id}`, { key: h.fx.a.keys.v1Admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    await expect(v1().threads.update(h.fx.b.threadIds[0]!, { title: 'x' })).rejects.toSatisfy(isNotFoundError);
  });

  it('a PATCH or a message that reaches a thread deleted while it waited is 404 and changes nothing', async () => {
    const id = h.fx.a.threadIds[0]!;
    const key = h.fx.a.keys.v1Admin;
    let answers: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
    // The delete holds the row while both requests read the thread as live, then commits.
    await h.db.orm.transaction(async (tx) => {
      await tx.update(threads).set({ isDeleted: true }).where(eq(threads.id, id));
      answers = Promise.all([
        call(h, 'PATCH', `/api/v1/insights/${id}`, { key, body: { title: 'after', notify: { email: true } } }),
        call(h, 'POST', `/api/v1/insights/${id}/messages`, { key, body: { content: 'after' } }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const [patched, sent] = await answers!;
    expect([patched!.status, sent!.status]).toEqual([404, 404]);
    const [row] = await h.db.orm.select().from(threads).where(eq(threads.id, id));
    expect(row!.title).toBe('Alpha thread 0');
    expect(await h.db.orm.select().from(messages).where(eq(messages.threadId, id))).toEqual([]);
    expect(await h.db.orm.select().from(outbox).where(eq(outbox.workspaceId, h.fx.a.workspaceId))).toEqual([]);
  });

  it('adds an OUTBOUND message to the conversation and queues it', async () => {
    const [id] = h.fx.a.threadIds;
    const sent = await v1().threads.sendMessage(id!, {
      content: 'We shipped it',
      cc: [{ email: 'boss@alpha-customer.com', name: 'Boss' }],
      attachments: [{ Name: 'a.txt', ContentType: 'text/plain', Content: 'aGk=' }],
    });
    expect(sent.threadId).toBe(id);
    const [message] = await h.db.orm
      .select()
      .from(messages)
      .where(and(eq(messages.id, sent.messageId), eq(messages.workspaceId, h.fx.a.workspaceId)));
    expect(message).toMatchObject({
      type: 'OUTBOUND',
      textContent: 'We shipped it',
      to: [{ email: h.fx.a.contactEmail, name: 'Pat' }],
    });
    const [row] = await h.db.orm.select().from(threads).where(eq(threads.id, id!));
    expect(row!.lastOutboundMessageAt?.toISOString()).toBe(h.clock.now.toISOString());
    expect((await h.db.orm.select().from(outbox)).map((n) => n.kind)).toEqual(['message.send']);
    expect(
      (await call(h, 'POST', `/api/v1/insights/${id}/messages`, { key: h.fx.a.keys.v1Admin, body: { content: '' } }))
        .status,
    ).toBe(400);
    await expect(v1().threads.sendMessage(h.fx.b.threadIds[0]!, { content: 'x' })).rejects.toSatisfy(isNotFoundError);
    await expect(v1().threads.sendMessage(newId(), { content: 'x' })).rejects.toSatisfy(isNotFoundError);
  });
});
