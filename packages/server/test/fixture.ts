import { V2_SCOPES } from '@hearken/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/open.ts';
import { apiKeys, customerNeeds, issues, projects, threads, trackerStatuses, trackerTiers } from '../src/db/schema.ts';
import { newId } from '../src/ids.ts';
import { insertCompany } from '../src/services/companies.ts';
import { insertContact } from '../src/services/contacts.ts';
import { addMember, createApiKey, createWorkspace } from '../src/services/provision.ts';

/** One workspace's ids and key secrets. */
export interface Tenant {
  workspaceId: string;
  admin: string;
  secondAdmin: string;
  user: string;
  keys: {
    v1Admin: string;
    v1User: string;
    v2Full: string;
    v2Read: string;
    v2ThreadsWrite: string;
    v2Revoked: string;
  };
  companyId: string;
  contactId: string;
  contactEmail: string;
  projectId: string;
  issueId: string;
  threadIds: string[];
}

export interface Fixture {
  /** Published portal, tracker connected. */
  a: Tenant;
  /** Unpublished portal, no tracker. */
  b: Tenant;
}

async function tenant(db: Db, name: string, published: boolean, now: Date): Promise<Tenant> {
  const orm = db.orm;
  const workspace = await createWorkspace(
    orm,
    { name, portalPublished: published, changelogPublic: published, trackerConnected: published },
    now,
  );
  const workspaceId = workspace.id;
  const slug = name.toLowerCase();
  const admin = await addMember(orm, workspaceId, { name: 'Admin', email: `admin@${slug}.test`, role: 'ADMIN' }, now);
  const secondAdmin = await addMember(
    orm,
    workspaceId,
    { name: 'Second', email: `second@${slug}.test`, role: 'ADMIN' },
    now,
  );
  const user = await addMember(orm, workspaceId, { name: 'User', email: `user@${slug}.test`, role: 'USER' }, now);
  const key = async (version: 1 | 2, memberId: string, scopes?: string[]) =>
    (await createApiKey(orm, { workspaceId, version, name: 'test', memberId, ...(scopes ? { scopes } : {}) }, now))
      .secret;
  const revoked = await createApiKey(orm, { workspaceId, version: 2, name: 'old', memberId: admin.id }, now);
  await orm.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, revoked.id));
  if (published) {
    await orm.insert(trackerStatuses).values([
      { id: 'st-active', workspaceId, name: 'Active', color: '#0a0' },
      { id: 'st-risk', workspaceId, name: 'At risk', color: '#a00' },
    ]);
    await orm.insert(trackerTiers).values([{ id: 'tier-gold', workspaceId, name: 'Gold' }]);
  }
  const company = await insertCompany(
    orm,
    workspaceId,
    { name: `${name} Customer`, domains: [`${slug}-customer.com`] },
    now,
  );
  const contact = await insertContact(
    orm,
    workspaceId,
    { email: `pat@${slug}-customer.com`, name: 'Pat', companyId: company.id },
    now,
  );
  const projectId = newId();
  await orm
    .insert(projects)
    .values({ id: projectId, workspaceId, name: `${name} project`, state: 'planned', createdAt: now });
  const issueId = newId();
  await orm.insert(issues).values({
    id: issueId,
    workspaceId,
    projectId,
    identifier: `${name.slice(0, 3).toUpperCase()}-1`,
    trackerTicketId: 't1',
    priority: 'High',
    status: 'Todo',
    team: 'Web',
    title: `${name} issue`,
    url: 'https://tracker.test/1',
    createdAt: now,
    updatedAt: now,
  });
  const threadIds = Array.from({ length: 3 }, () => newId());
  await orm.insert(threads).values(
    threadIds.map((id, i) => ({
      id,
      workspaceId,
      title: `${name} thread ${i}`,
      text: `Feedback ${i}`,
      state: 'NEW' as const,
      painLevel: 'LOW' as const,
      origin: 'API',
      contactId: contact!.id,
      companyId: company.id,
      createdAt: new Date(now.getTime() - (i + 1) * 60_000),
      updatedAt: now,
    })),
  );
  await orm.insert(customerNeeds).values({
    id: newId(),
    workspaceId,
    threadId: threadIds[0]!,
    projectId,
    issueId,
    createdAt: now,
    updatedAt: now,
  });
  return {
    workspaceId,
    admin: admin.id,
    secondAdmin: secondAdmin.id,
    user: user.id,
    keys: {
      v1Admin: await key(1, admin.id),
      v1User: await key(1, user.id),
      v2Full: await key(2, admin.id, [...V2_SCOPES]),
      v2Read: await key(2, admin.id, ['threads:read']),
      v2ThreadsWrite: await key(2, admin.id, ['threads:write']),
      v2Revoked: revoked.secret,
    },
    companyId: company.id,
    contactId: contact!.id,
    contactEmail: contact!.email,
    projectId,
    issueId,
    threadIds,
  };
}

/** Two workspaces, A (published, tracker connected) and B (unpublished, no tracker). */
export async function createFixture(db: Db, now: Date): Promise<Fixture> {
  return { a: await tenant(db, 'Alpha', true, now), b: await tenant(db, 'Bravo', false, now) };
}
