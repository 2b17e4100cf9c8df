import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { companies, contacts, customerNeeds, members, messages, tags, threadTags } from '../db/schema.ts';
import type { ThreadRecord } from '../serialize/rows.ts';
import type { ThreadRelations } from '../serialize/v1.ts';

/** Everything a v1 thread shows beside its own columns, all from the thread's workspace. */
export async function loadThreadRelations(
  orm: Orm,
  thread: ThreadRecord,
  withConversation: boolean,
): Promise<ThreadRelations> {
  const workspaceId = thread.workspaceId;
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
  const memberIds = [thread.assigneeId, thread.reporterId].filter((id): id is string => id !== null);
  const [contact, company, people, tagRows, needs, conversation] = await Promise.all([
    thread.contactId
      ? one(
          orm
            .select()
            .from(contacts)
            .where(and(eq(contacts.id, thread.contactId), eq(contacts.workspaceId, workspaceId))),
        )
      : null,
    thread.companyId
      ? one(
          orm
            .select()
            .from(companies)
            .where(and(eq(companies.id, thread.companyId), eq(companies.workspaceId, workspaceId))),
        )
      : null,
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
