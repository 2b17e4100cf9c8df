import type { V2Thread } from '@hearken/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { contacts, threads } from '../db/schema.ts';
import { toV2Thread } from './v2.ts';

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
    metadata: threads.metadata,
    notifyContact: threads.notifyContact,
    moderation: threads.moderation,
    moderationReasons: threads.moderationReasons,
    createdAt: threads.createdAt,
    updatedAt: threads.updatedAt,
  },
  contact: { id: contacts.id, email: contacts.email, name: contacts.name },
};

/** v2 rows of these threads (deleted ones too), by id. */
export async function threadRowsById(orm: Orm, workspaceId: string, ids: string[]): Promise<Map<string, V2Thread>> {
  if (ids.length === 0) return new Map();
  const rows = await orm
    .select(threadRowSelection)
    .from(threads)
    .leftJoin(contacts, eq(contacts.id, threads.contactId))
    .where(and(eq(threads.workspaceId, workspaceId), inArray(threads.id, ids)));
  return new Map(rows.map((row) => [row.thread.id, toV2Thread(row.thread, row.contact)]));
}
