import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/open.ts';
import {
  changelogs,
  companies,
  contacts,
  issues,
  members,
  projects,
  threads,
  trackerStatuses,
  trackerTiers,
} from '../db/schema.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { isId } from '../ids.ts';

type Scoped = PgTable & { id: PgColumn; workspaceId: PgColumn };

const KINDS = {
  changelog: { table: changelogs, live: changelogs.isDeleted },
  company: { table: companies, live: companies.isDeleted },
  project: { table: projects, live: undefined },
  issue: { table: issues, live: issues.isDeleted },
  member: { table: members, live: undefined },
  trackerStatus: { table: trackerStatuses, live: undefined },
  trackerTier: { table: trackerTiers, live: undefined },
  contact: { table: contacts, live: contacts.isDeleted },
  thread: { table: threads, live: threads.isDeleted },
} satisfies Record<string, { table: Scoped; live: PgColumn | undefined }>;

type Row<K extends keyof typeof KINDS> = (typeof KINDS)[K]['table']['$inferSelect'];

/**
 * The live row of this kind and id in the workspace, if any (`withDeleted`: deleted ones too, for
 * a row another one links to; `lock`: held until the transaction ends); rows of other workspaces
 * are never found.
 */
export async function findInWorkspace<K extends keyof typeof KINDS>(
  orm: Orm,
  kind: K,
  workspaceId: string,
  id: string,
  { withDeleted = false, lock = false } = {},
): Promise<Row<K> | undefined> {
  if (!isId(id)) return undefined;
  const { table, live } = KINDS[kind] as { table: Scoped; live: PgColumn | undefined };
  const select = orm
    .select()
    .from(table)
    .where(
      and(eq(table.id, id), eq(table.workspaceId, workspaceId), live && !withDeleted ? eq(live, false) : undefined),
    )
    .limit(1);
  const [row] = await (lock ? select.for('update') : select);
  return row as Row<K> | undefined;
}

/** The live row of this kind and id in the workspace, or 404 naming `resource`; `lock` as {@link findInWorkspace}. */
export async function requireLive<K extends keyof typeof KINDS>(
  orm: Orm,
  kind: K,
  workspaceId: string,
  id: string,
  resource: string,
  { lock = false } = {},
): Promise<Row<K>> {
  const row = await findInWorkspace(orm, kind, workspaceId, id, { lock });
  if (!row) throw new NotFoundError(resource);
  return row;
}

/** The row a foreign key links to, deleted or not (a link outlives the row's deletion); null when the key is. */
export async function findLinked<K extends keyof typeof KINDS>(
  orm: Orm,
  kind: K,
  workspaceId: string,
  id: string | null,
): Promise<Row<K> | null> {
  return (id ? await findInWorkspace(orm, kind, workspaceId, id, { withDeleted: true }) : undefined) ?? null;
}

/**
 * Checks that an id given in a request body names a live row of the caller's workspace, and
 * returns that row; otherwise 400 naming the field.
 */
export async function requireReference<K extends keyof typeof KINDS>(
  orm: Orm,
  kind: K,
  workspaceId: string,
  id: string,
  field: string,
): Promise<Row<K>> {
  const row = await findInWorkspace(orm, kind, workspaceId, id);
  if (!row)
    throw new InvalidInputError([
      { path: field, message: `no ${kind.replace('tracker', 'tracker ').toLowerCase()} with this id` },
    ]);
  return row;
}
