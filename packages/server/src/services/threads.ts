import type { CreateThreadInput, ThreadRow } from '@hearken/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { contacts, customerNeeds, threads } from '../db/schema.ts';
import { invalidRequest } from '../http/errors.ts';
import { isId, newId } from '../ids.ts';
import { toThreadRow } from '../serialize/v2.ts';
import { findOrCreateContact } from './contacts.ts';
import { requireReference } from './references.ts';
import { recordEvent } from './webhooks/events.ts';

/** The columns of a v2 row and its contact, for selects. */
export const threadRowSelection = {
  thread: {
    id: threads.id,
    title: threads.title,
    text: threads.text,
    state: threads.state,
    painLevel: threads.painLevel,
    origin: threads.origin,
    companyId: threads.companyId,
    assigneeId: threads.assigneeId,
    projectId: threads.projectId,
    issueId: threads.issueId,
    snoozedUntil: threads.snoozedUntil,
    createdAt: threads.createdAt,
    updatedAt: threads.updatedAt,
  },
  contact: { id: contacts.id, email: contacts.email, name: contacts.name },
};

/** The v2 row of the workspace's live thread with this id, if any. */
export async function findThreadRow(orm: Orm, workspaceId: string, id: string): Promise<ThreadRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await orm
    .select(threadRowSelection)
    .from(threads)
    .leftJoin(contacts, eq(contacts.id, threads.contactId))
    .where(and(eq(threads.id, id), eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false)));
  return row ? toThreadRow(row.thread, row.contact) : undefined;
}

/**
 * Creates a thread (v2 POST /threads). The contact is found by email or created; a project or
 * issue link also becomes a customer need, which is what upvotes count. All in one transaction.
 */
export async function createThread(
  orm: Orm,
  workspaceId: string,
  input: CreateThreadInput,
  now: Date,
): Promise<ThreadRow> {
  if (input.contact_name !== undefined && input.contact_email === undefined) {
    throw invalidRequest([{ path: 'contact_name', message: 'needs contact_email, which identifies the contact' }]);
  }
  return orm.transaction(async (tx) => {
    const company = input.company_id
      ? await requireReference(tx, 'company', workspaceId, input.company_id, 'company_id')
      : undefined;
    if (input.project_id) await requireReference(tx, 'project', workspaceId, input.project_id, 'project_id');
    if (input.issue_id) await requireReference(tx, 'issue', workspaceId, input.issue_id, 'issue_id');
    const contact = input.contact_email
      ? await findOrCreateContact(tx, workspaceId, { email: input.contact_email, name: input.contact_name }, now)
      : null;
    const [thread] = await tx
      .insert(threads)
      .values({
        id: newId(),
        workspaceId,
        title: input.title ?? null,
        text: input.text,
        state: 'NEW',
        painLevel: input.pain_level ?? 'UNKNOWN',
        origin: input.origin ?? 'API',
        contactId: contact?.id ?? null,
        companyId: company?.id ?? contact?.companyId ?? null,
        projectId: input.project_id ?? null,
        issueId: input.issue_id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (input.project_id || input.issue_id) {
      await tx.insert(customerNeeds).values({
        id: newId(),
        workspaceId,
        threadId: thread!.id,
        projectId: input.project_id ?? null,
        issueId: input.issue_id ?? null,
        createdAt: now,
        updatedAt: now,
      });
    }
    const row = toThreadRow(thread!, contact);
    await recordEvent(tx, workspaceId, 'thread.created', row, now);
    return row;
  });
}

/** Live thread ids of the workspace among `ids`. */
export async function existingThreadIds(orm: Orm, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await orm
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false), inArray(threads.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** `lastStateChangeAt` moves only when the state actually changes. */
export const stateChangeAt = (state: string, now: Date) =>
  sql`case when ${threads.state} <> ${state} then ${now.toISOString()}::timestamptz else ${threads.lastStateChangeAt} end`;
