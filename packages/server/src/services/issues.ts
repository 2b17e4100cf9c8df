import {
  type IssueFilters,
  type IssuePage,
  issueFiltersSchema,
  type listIssuesQuerySchema,
  type UpdateIssueInput,
  type V2Issue,
} from '@hearken/core';
import { eq } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { issues } from '../db/schema.ts';
import { queueStatusChange } from '../followers/outbox.ts';
import { listPage, pager } from '../paging.ts';
import { toV2Issue } from '../serialize/issues.ts';
import type { IssueRow } from '../serialize/rows.ts';
import { changedFields, recordEvent } from '../webhooks/events.ts';
import { requireLive, requireReference } from './references.ts';
import { countUpvotes } from './upvotes.ts';

type ListIssuesQuery = z.output<typeof listIssuesQuerySchema>;

/** v2 rows of these issues, with their upvotes. */
async function withUpvotes(orm: Orm, workspaceId: string, rows: IssueRow[]): Promise<V2Issue[]> {
  const upvotes = await countUpvotes(
    orm,
    workspaceId,
    'issueId',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toV2Issue(row, upvotes.get(row.id) ?? 0));
}

/**
 * GET /issues: one page of the workspace's live issues, newest first by creation as every v2
 * list, filtered by `status` and `project_id`; the filters of the first page travel in the cursor.
 */
export async function listIssues(orm: Orm, caller: Caller, query: ListIssuesQuery): Promise<IssuePage> {
  const page = await listPage(
    pager<IssueFilters>(caller.signingSecret, issueFiltersSchema),
    query,
    { status: query.status, project_id: query.project_id },
    {
      select: orm.select().from(issues).$dynamic(),
      table: issues,
      where: ({ status, project_id }) => [
        eq(issues.workspaceId, caller.workspaceId),
        eq(issues.isDeleted, false),
        status === undefined ? undefined : eq(issues.status, status),
        project_id === undefined ? undefined : eq(issues.projectId, project_id),
      ],
      tableRow: (row) => row,
      show: (row) => row,
    },
  );
  return { data: await withUpvotes(orm, caller.workspaceId, page.data), page: page.page };
}

/** GET /issues/{id}. */
export async function getIssue(orm: Orm, workspaceId: string, id: string): Promise<V2Issue> {
  const [issue] = await withUpvotes(orm, workspaceId, [await requireLive(orm, 'issue', workspaceId, id, 'Issue')]);
  return issue!;
}

/**
 * PATCH /issues/{id}: the fields given, in one transaction with what they set off: a new status
 * sends `issue.status_changed` and queues a notification per follower, any other change
 * `issue.updated`. The row is locked meanwhile, so two concurrent changes are each told once.
 */
export async function updateIssue(
  orm: Orm,
  workspaceId: string,
  id: string,
  input: UpdateIssueInput,
  now: Date,
): Promise<V2Issue> {
  return orm.transaction(async (tx) => {
    const before = await requireLive(tx, 'issue', workspaceId, id, 'Issue', { lock: true });
    if (input.project_id) await requireReference(tx, 'project', workspaceId, input.project_id, 'project_id');
    const [old] = await withUpvotes(tx, workspaceId, [before]);
    const set = {
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.priority === undefined ? {} : { priority: input.priority }),
      ...(input.project_id === undefined ? {} : { projectId: input.project_id }),
      ...(input.is_visible === undefined ? {} : { isVisible: input.is_visible }),
    };
    const changes = Object.entries(set).filter(([key, value]) => before[key as keyof IssueRow] !== value);
    if (changes.length === 0) return old!;
    const [row] = await tx
      .update(issues)
      .set({ ...set, version: before.version + 1, updatedAt: now })
      .where(eq(issues.id, before.id))
      .returning();
    const issue = toV2Issue(row!, old!.upvotes);
    if (issue.status !== before.status) {
      await recordEvent(tx, workspaceId, 'issue.status_changed', { issue, previous_status: before.status }, now);
      await queueStatusChange(
        tx,
        workspaceId,
        { issueId: issue.id, status: issue.status, previousStatus: before.status },
        now,
      );
    }
    const changed = changedFields(old!, issue).filter((field) => field !== 'status');
    if (changed.length > 0)
      await recordEvent(tx, workspaceId, 'issue.updated', { ...issue, changed_fields: changed }, now);
    return issue;
  });
}
