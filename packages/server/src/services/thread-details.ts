import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { customerNeeds, members, messages, tags, threadTags } from '../db/schema.ts';
import type { ThreadRow } from '../serialize/rows.ts';
import type { ThreadRelations } from '../serialize/v1.ts';
import { findLinked } from './references.ts';

/** Everything a v1 thread shows beside its own columns, all from the thread's workspace. */
export async function loadThreadRelations(
  orm: Orm,
  thread: ThreadRow,
  withConversation: boolean,
): Promise<ThreadRelations> {
  const workspaceId = thread.workspaceId;
  const memberIds = [thread.assigneeId, thread.reporterId].filter((id): id is string => id !== null);
  const [contact, company, people, tagRows, needs, conversation] = await Promise.all([
    findLinked(orm, 'contact', workspaceId, thread.contactId),
    findLinked(orm, 'company', workspaceId, thread.companyId),
    memberIds.length
      ? orm
          .select()
          .from(members)
          .where(and(eq(members.workspaceId, workspaceId), inArray(members.id, memberIds)))
      : [],
    orm
      .select({ tag: tags })
      .from(threadTags)
      .innerJoin(tags, eq(tags.id, threadTags.tagId))
      .where(and(eq(threadTags.threadId, thread.id), eq(threadTags.workspaceId, workspaceId)))
      .orderBy(asc(tags.name)),
    orm
      .select()
      .from(customerNeeds)
      .where(and(eq(customerNeeds.threadId, thread.id), eq(customerNeeds.workspaceId, workspaceId)))
      .orderBy(asc(customerNeeds.createdAt), asc(customerNeeds.id)),
    withConversation
      ? orm
          .select()
          .from(messages)
          .where(
            and(eq(messages.threadId, thread.id), eq(messages.workspaceId, workspaceId), eq(messages.isDeleted, false)),
          )
          .orderBy(asc(messages.date), asc(messages.id))
      : undefined,
  ]);
  return {
    contact,
    company,
    assignee: people.find((member) => member.id === thread.assigneeId) ?? null,
    reporter: people.find((member) => member.id === thread.reporterId) ?? null,
    tags: tagRows.map((row) => row.tag),
    needs,
    ...(conversation ? { conversation } : {}),
  };
}
