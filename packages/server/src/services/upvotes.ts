import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { customerNeeds, threads } from '../db/schema.ts';

/**
 * Upvotes of each project or issue of a workspace: the number of live threads linked to it
 * through customer needs. Held threads (suspected spam) count once released. With `ids`, only
 * those projects or issues are counted (a page of a list).
 */
export async function countUpvotes(
  orm: Orm,
  workspaceId: string,
  by: 'projectId' | 'issueId',
  ids?: readonly string[],
): Promise<Map<string, number>> {
  if (ids?.length === 0) return new Map();
  const column = customerNeeds[by];
  const rows = await orm
    .select({ id: column, count: sql<number>`count(distinct ${customerNeeds.threadId})::int` })
    .from(customerNeeds)
    .innerJoin(
      threads,
      and(eq(threads.id, customerNeeds.threadId), eq(threads.isDeleted, false), eq(threads.moderation, 'clear')),
    )
    .where(and(eq(customerNeeds.workspaceId, workspaceId), ids ? inArray(column, [...ids]) : isNotNull(column)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id!, row.count]));
}
