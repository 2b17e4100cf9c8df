import type { Contact, ContactList, CreateContactInput } from '@hearken/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { liveIn } from '../db/live.ts';
import type { Orm } from '../db/open.ts';
import { companies, contacts } from '../db/schema.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ContactRow } from '../serialize/rows.ts';
import { toContact } from '../serialize/v1.ts';
import { toV2Contact } from '../serialize/v2.ts';
import { recordEvent } from '../webhooks/events.ts';
import { insertCompany } from './companies.ts';
import { findInWorkspace, findLinked, requireReference } from './references.ts';

/** The lower-cased domain of an email address. */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** A live contact of the workspace by email, compared case-insensitively. */
export async function findContactByEmail(
  orm: Orm,
  workspaceId: string,
  email: string,
): Promise<ContactRow | undefined> {
  const [row] = await orm
    .select()
    .from(contacts)
    .where(liveIn(contacts, workspaceId, sql`lower(${contacts.email}) = ${email.toLowerCase()}`));
  return row;
}

/** The company that auto-adds contacts of this email's domain, if any. */
export async function autoAddCompanyFor(orm: Orm, workspaceId: string, email: string): Promise<string | null> {
  const [row] = await orm
    .select({ id: companies.id })
    .from(companies)
    .where(
      liveIn(
        companies,
        workspaceId,
        eq(companies.autoAdd, true),
        sql`${emailDomain(email)} = any(${companies.domains})`,
      ),
    )
    .orderBy(companies.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export interface NewContact {
  email: string;
  name?: string | null | undefined;
  /** An explicit company; otherwise a company auto-adding the email's domain is linked. */
  companyId?: string | null | undefined;
}

/** Inserts a contact; undefined when one with this email already exists in the workspace. */
export async function insertContact(
  orm: Orm,
  workspaceId: string,
  input: NewContact,
  now: Date,
): Promise<ContactRow | undefined> {
  const companyId = input.companyId ?? (await autoAddCompanyFor(orm, workspaceId, input.email));
  const [row] = await orm
    .insert(contacts)
    .values({
      id: newId(),
      workspaceId,
      email: input.email,
      name: input.name ?? null,
      companyId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) await recordEvent(orm, workspaceId, 'contact.created', toV2Contact(row), now);
  return row;
}

/** The workspace's contact with this email, created when there is none. */
export async function findOrCreateContact(
  orm: Orm,
  workspaceId: string,
  input: NewContact,
  now: Date,
): Promise<ContactRow> {
  const existing = await findContactByEmail(orm, workspaceId, input.email);
  if (existing) return existing;
  const created = await insertContact(orm, workspaceId, input, now);
  if (created) return created;
  // Another request created it (or a deleted contact holds the address): use and revive that one.
  const [row] = await orm
    .update(contacts)
    .set({ isDeleted: false, updatedAt: now })
    .where(and(eq(contacts.workspaceId, workspaceId), sql`lower(${contacts.email}) = ${input.email.toLowerCase()}`))
    .returning();
  return row!;
}

/** The company a new contact links to: by id, by name (created when missing) or by external id. */
async function companyFor(
  tx: Orm,
  workspaceId: string,
  input: { companyId?: string | undefined; companyName?: string | undefined; companyExternalId?: string | undefined },
  now: Date,
) {
  if (input.companyId) return requireReference(tx, 'company', workspaceId, input.companyId, 'companyId');
  const live = and(eq(companies.workspaceId, workspaceId), eq(companies.isDeleted, false));
  if (input.companyName) {
    // Requests naming the same new company at once would each create it: one at a time per name.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`company-name:${workspaceId}:${input.companyName}`}))`,
    );
    const [named] = await tx
      .select()
      .from(companies)
      .where(and(live, eq(companies.name, input.companyName)))
      .orderBy(asc(companies.createdAt))
      .limit(1);
    return named ?? insertCompany(tx, workspaceId, { name: input.companyName }, now);
  }
  if (input.companyExternalId) {
    const [linked] = await tx
      .select()
      .from(companies)
      .where(and(live, sql`${input.companyExternalId} = any(${companies.externalIds})`))
      .orderBy(asc(companies.createdAt))
      .limit(1);
    if (!linked)
      throw new InvalidInputError([{ path: 'companyExternalId', message: 'no company has this external id' }]);
    return linked;
  }
  return undefined;
}

/** GET /contacts: one page of the workspace's live contacts, oldest first, with the total. */
export async function listContacts(
  orm: Orm,
  workspaceId: string,
  skip: number,
  take: number,
): Promise<ContactList & { total: number }> {
  const scope = and(eq(contacts.workspaceId, workspaceId), eq(contacts.isDeleted, false));
  const [rows, [total]] = await Promise.all([
    orm
      .select()
      .from(contacts)
      .where(scope)
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .offset(skip)
      .limit(take),
    orm.select({ n: count() }).from(contacts).where(scope),
  ]);
  const companyIds = [...new Set(rows.flatMap((row) => (row.companyId ? [row.companyId] : [])))];
  const linked = companyIds.length
    ? await orm
        .select()
        .from(companies)
        .where(and(eq(companies.workspaceId, workspaceId), inArray(companies.id, companyIds)))
    : [];
  const byId = new Map(linked.map((company) => [company.id, company]));
  const countAll = total?.n ?? 0;
  return {
    contacts: rows.map((row) => toContact(row, row.companyId ? (byId.get(row.companyId) ?? null) : null)),
    nextPage: { take, skip: skip + take },
    hasMore: skip + rows.length < countAll,
    count: countAll,
    total: countAll,
  };
}

/** POST /contacts: 409 when the email is taken; the company is linked by id, name or external id. */
export async function createContact(
  orm: Orm,
  workspaceId: string,
  input: CreateContactInput,
  at: Date,
): Promise<Contact> {
  const { contact, company } = await orm.transaction(async (tx) => {
    if (await findContactByEmail(tx, workspaceId, input.email)) {
      throw new ConflictError('A contact with this email already exists');
    }
    const company = await companyFor(tx, workspaceId, input, at);
    const contact = await insertContact(
      tx,
      workspaceId,
      { email: input.email, name: input.name, ...(company ? { companyId: company.id } : {}) },
      at,
    );
    if (!contact) throw new ConflictError('A contact with this email already exists');
    return { contact, company };
  });
  const linked = company ?? (await findLinked(orm, 'company', workspaceId, contact.companyId));
  return toContact(contact, linked);
}

/** GET /contacts/{idOrEmail}: a live contact by id, or by email when the value has an `@`. */
export async function getContact(orm: Orm, workspaceId: string, idOrEmail: string): Promise<Contact> {
  const contact = idOrEmail.includes('@')
    ? await findContactByEmail(orm, workspaceId, idOrEmail)
    : await findInWorkspace(orm, 'contact', workspaceId, idOrEmail);
  if (!contact) throw new NotFoundError('Contact');
  return toContact(contact, await findLinked(orm, 'company', workspaceId, contact.companyId));
}
