import {
  CHANGELOG_STATES,
  type ChangelogPage,
  type ChangelogState,
  type CreateChangelogInput,
  type listChangelogsQuerySchema,
  type UpdateChangelogInput,
  type V2Changelog,
} from '@hearken/core';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { changelogs, issues } from '../db/schema.ts';
import { InvalidInputError } from '../errors.ts';
import { queueShipped } from '../followers/outbox.ts';
import { isId, newId } from '../ids.ts';
import { listPage, pager } from '../paging.ts';
import { toV2Changelog } from '../serialize/changelogs.ts';
import type { ChangelogRow } from '../serialize/rows.ts';
import { recordEvent } from '../webhooks/events.ts';
import { requireLive, requireReference } from './references.ts';

type ListChangelogsQuery = z.output<typeof listChangelogsQuerySchema>;
interface ChangelogFilters {
  state: ChangelogState;
}
/** What a cursor carries: the state of the first page. */
const filtersSchema = z.strictObject({ state: z.enum(CHANGELOG_STATES) });

function stateConditions(state: ChangelogState): SQL[] {
  switch (state) {
    case 'published':
      return [eq(changelogs.published, true), eq(changelogs.archived, false)];
    case 'draft':
      return [eq(changelogs.published, false), eq(changelogs.archived, false)];
    case 'archived':
      return [eq(changelogs.archived, true)];
    case 'all':
      return [];
  }
}

/**
 * GET /changelogs: one page of the workspace's entries in `state` (default `published`: published
 * and not archived), newest first by creation as every v2 list; the state of the first page
 * travels in the cursor.
 */
export async function listChangelogs(orm: Orm, caller: Caller, query: ListChangelogsQuery): Promise<ChangelogPage> {
  return listPage(
    pager<ChangelogFilters>(caller.signingSecret, filtersSchema),
    query,
    { state: query.state ?? 'published' },
    {
      select: orm.select().from(changelogs).$dynamic(),
      table: changelogs,
      where: ({ state }) => [
        eq(changelogs.workspaceId, caller.workspaceId),
        eq(changelogs.isDeleted, false),
        ...stateConditions(state),
      ],
      tableRow: (row) => row,
      show: toV2Changelog,
    },
  );
}

/**
 * `issue_ids` once checked: each a live issue of the workspace (else 400 naming `issue_ids.<n>`),
 * each once, in the order given.
 */
async function linkedIssues(orm: Orm, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const valid = unique.filter(isId);
  const found = new Set(
    valid.length === 0
      ? []
      : (
          await orm
            .select({ id: issues.id })
            .from(issues)
            .where(and(eq(issues.workspaceId, workspaceId), eq(issues.isDeleted, false), inArray(issues.id, valid)))
        ).map((row) => row.id),
  );
  const unknown = ids.flatMap((id, index) =>
    found.has(id) ? [] : [{ path: `issue_ids.${index}`, message: 'no issue with this id' }],
  );
  if (unknown.length > 0) throw new InvalidInputError(unknown);
  return unique;
}

/**
 * Tells the followers of the entry's issues it ships, once it is published and not archived: each
 * issue once per entry (its `announced_issue_ids`), so publishing again or relinking tells no one
 * twice, and an issue linked to an entry already published is told then.
 */
async function announceShipped(orm: Orm, row: ChangelogRow, now: Date): Promise<void> {
  if (!row.published || row.archived) return;
  const fresh = row.issueIds.filter((id) => !row.announcedIssueIds.includes(id));
  if (fresh.length === 0) return;
  await queueShipped(orm, row.workspaceId, row.id, fresh, now);
  await orm
    .update(changelogs)
    .set({ announcedIssueIds: [...row.announcedIssueIds, ...fresh] })
    .where(eq(changelogs.id, row.id));
}

/** GET /changelogs/{id}: the entry, whatever its state. */
export async function getChangelog(orm: Orm, workspaceId: string, id: string): Promise<V2Changelog> {
  return toV2Changelog(await requireLive(orm, 'changelog', workspaceId, id, 'Changelog'));
}

/**
 * POST /changelogs. `date` defaults to now, `published` to false; an entry created published
 * sends `changelog.published` and tells the followers of its `issue_ids`, in the same transaction,
 * so the event and notifications exist exactly when the entry does.
 */
export async function createChangelog(
  orm: Orm,
  workspaceId: string,
  input: CreateChangelogInput,
  now: Date,
): Promise<V2Changelog> {
  return orm.transaction(async (tx) => {
    if (input.project_id) await requireReference(tx, 'project', workspaceId, input.project_id, 'project_id');
    const issueIds = input.issue_ids ? await linkedIssues(tx, workspaceId, input.issue_ids) : [];
    const [row] = await tx
      .insert(changelogs)
      .values({
        id: newId(),
        workspaceId,
        title: input.title,
        notes: input.notes,
        date: input.date ? new Date(input.date) : now,
        ...(input.version === undefined ? {} : { version: input.version }),
        imageUrl: input.image_url ?? null,
        projectId: input.project_id ?? null,
        issueIds,
        published: input.published ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const entry = toV2Changelog(row!);
    if (entry.published) await recordEvent(tx, workspaceId, 'changelog.published', entry, now);
    await announceShipped(tx, row!, now);
    return entry;
  });
}

/**
 * PATCH /changelogs/{id}: the fields given. Turning `published` on (from off) sends
 * `changelog.published`; a published entry tells the followers of issues not yet announced. The
 * row is locked meanwhile, so two concurrent publishes send each once.
 */
export async function updateChangelog(
  orm: Orm,
  workspaceId: string,
  id: string,
  input: UpdateChangelogInput,
  now: Date,
): Promise<V2Changelog> {
  return orm.transaction(async (tx) => {
    const before = await requireLive(tx, 'changelog', workspaceId, id, 'Changelog', { lock: true });
    if (Object.keys(input).length === 0) return toV2Changelog(before);
    if (input.project_id) await requireReference(tx, 'project', workspaceId, input.project_id, 'project_id');
    const issueIds = input.issue_ids ? await linkedIssues(tx, workspaceId, input.issue_ids) : undefined;
    const [row] = await tx
      .update(changelogs)
      .set({
        // Drizzle leaves out of the update every field given as undefined, i.e. not sent.
        title: input.title,
        notes: input.notes,
        date: input.date === undefined ? undefined : new Date(input.date),
        version: input.version,
        imageUrl: input.image_url,
        projectId: input.project_id,
        issueIds,
        published: input.published,
        archived: input.archived,
        updatedAt: now,
      })
      .where(eq(changelogs.id, before.id))
      .returning();
    const entry = toV2Changelog(row!);
    if (entry.published && !before.published) await recordEvent(tx, workspaceId, 'changelog.published', entry, now);
    await announceShipped(tx, row!, now);
    return entry;
  });
}
