import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A table whose rows belong to a workspace and are deleted softly. */
type SoftDeleted = PgTable & { workspaceId: PgColumn; isDeleted: PgColumn };

/** The condition of a workspace's live (not deleted) rows of `table`, and any further conditions. */
export function liveIn(table: SoftDeleted, workspaceId: string, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(eq(table.workspaceId, workspaceId), eq(table.isDeleted, false), ...conditions);
}
