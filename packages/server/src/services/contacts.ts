import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { companies, contacts } from '../db/schema.ts';
import { newId } from '../ids.ts';
import type { ContactRow } from '../serialize/rows.ts';
import { toV2Contact } from '../serialize/webhooks.ts';
import { recordEvent } from './webhooks/events.ts';

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
    .where(
      and(
        eq(contacts.workspaceId, workspaceId),
        eq(contacts.isDeleted, false),
        sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

/** The company that auto-adds contacts of this email's domain, if any. */
export async function autoAddCompanyFor(orm: Orm, workspaceId: string, email: string): Promise<string | null> {
  const [row] = await orm
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.workspaceId, workspaceId),
        eq(companies.isDeleted, false),
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
