import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { customerNeeds, threads } from '../db/schema.ts';

/**
 * Upvotes of each project or issue of a workspace: the number of live threads linked to it
 * through customer needs. Held threads (suspected spam) count once released.
 */
export async function countUpvotes(
  orm: Orm,
  workspaceId: string,
  by: 'projectId' | 'issueId',
): Promise<Map<string, number>> {
  const column = customerNeeds[by];
  const rows = await orm
    .select({ id: column, count: sql<number>`count(distinct ${customerNeeds.threadId})::int` })
    .from(customerNeeds)
    .innerJoin(
      threads,
      and(eq(threads.id, customerNeeds.threadId), eq(threads.isDeleted, false), eq(threads.moderation, 'clear')),
    )
    .where(and(eq(customerNeeds.workspaceId, workspaceId), isNotNull(column)))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id!, row.count]));
}
