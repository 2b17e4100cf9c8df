import {
  type BulkResult,
  type BulkUpdateSet,
  type CreateThreadInput,
  type listThreadsQuerySchema,
  type ModerationState,
  type ThreadFilters,
  type ThreadPage,
  type ThreadState,
  type ThreadTab,
  threadFiltersSchema,
  type V2Thread,
} from '@hearken/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { contacts, customerNeeds, threads } from '../db/schema.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { listPage, pager } from '../paging.ts';
import { threadRowSelection } from '../serialize/thread-rows.ts';
import { toV2Thread } from '../serialize/v2.ts';
import { recordEvent, recordThreadDeletes, withThreadUpdates } from '../webhooks/events.ts';
import { findOrCreateContact } from './contacts.ts';
import { requireReference } from './references.ts';

/** GET /threads/{id}: the v2 row of the workspace's live thread with this id. */
export async function getThread(orm: Orm, workspaceId: string, id: string): Promise<V2Thread> {
  const [row] = isId(id)
    ? await orm
        .select(threadRowSelection)
        .from(threads)
        .leftJoin(contacts, eq(contacts.id, threads.contactId))
        .where(and(eq(threads.id, id), eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false)))
    : [];
  if (!row) throw new NotFoundError('Thread');
  return toV2Thread(row.thread, row.contact);
}

/**
 * Creates a thread (v2 POST /threads). The contact is found by email or created; a project or
 * issue link also becomes a customer need, which is what upvotes count. A held one (suspected
 * spam) is stored whole, its need too, but announced as `thread.held`. All in one transaction.
 */
export async function createThread(
  orm: Orm,
  workspaceId: string,
  input: CreateThreadInput,
  now: Date,
): Promise<V2Thread> {
  if (input.contact_name !== undefined && input.contact_email === undefined) {
    throw new InvalidInputError([
      { path: 'contact_name', message: 'needs contact_email, which identifies the contact' },
    ]);
  }
  if (input.notify_contact && input.contact_email === undefined) {
    throw new InvalidInputError([
      { path: 'notify_contact', message: 'needs contact_email, the address that hears back' },
    ]);
  }
  const held = input.moderation === 'held';
  if (input.moderation_reasons !== undefined && input.moderation_reasons.length > 0 && !held) {
    throw new InvalidInputError([{ path: 'moderation_reasons', message: 'only a held thread has reasons' }]);
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
        metadata: input.metadata ?? {},
        notifyContact: input.notify_contact ?? false,
        moderation: held ? 'held' : 'clear',
        moderationReasons: held ? [...new Set(input.moderation_reasons ?? [])] : [],
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
    const row = toV2Thread(thread!, contact);
    await recordEvent(tx, workspaceId, held ? 'thread.held' : 'thread.created', row, now);
    return row;
  });
}

/** Live thread ids of the workspace among `ids`. */
async function existingThreadIds(orm: Orm, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await orm
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false), inArray(threads.id, ids)));
  return new Set(rows.map((row) => row.id));
}

type ListThreadsQuery = z.output<typeof listThreadsQuerySchema>;

/** `lastStateChangeAt` moves only when the state actually changes. */
const stateChangeAt = (state: string, now: Date) =>
  sql`case when ${threads.state} <> ${state} then ${now.toISOString()}::timestamptz else ${threads.lastStateChangeAt} end`;

const TAB_STATES: Record<ThreadTab, readonly ThreadState[] | undefined> = {
  inbox: ['NEW', 'UNSNOOZED'],
  snoozed: ['SNOOZED'],
  completed: ['COMPLETED'],
  all: undefined,
};

function filterConditions({ status, tab, moderation = 'clear', contact_email }: ThreadFilters): SQL[] {
  const conditions: SQL[] = [];
  if (moderation !== 'all') conditions.push(eq(threads.moderation, moderation));
  // As contacts are found by email: without regard to case.
  if (contact_email) conditions.push(sql`lower(${contacts.email}) = ${contact_email.toLowerCase()}`);
  if (status) conditions.push(eq(threads.state, status));
  const states = tab ? TAB_STATES[tab] : undefined;
  if (states) conditions.push(inArray(threads.state, [...states]));
  return conditions;
}

/**
 * GET /threads: one page of the workspace's live threads, newest first (created_at, then id); the
 * filters of the first page travel in the cursor to the next. Held threads only when asked for.
 */
export async function listThreads(orm: Orm, caller: Caller, query: ListThreadsQuery): Promise<ThreadPage> {
  return listPage(
    pager<ThreadFilters>(caller.signingSecret, threadFiltersSchema),
    query,
    { status: query.status, tab: query.tab, moderation: query.moderation, contact_email: query.contact_email },
    {
      // The contact's join also serves the `contact_email` filter.
      select: orm
        .select(threadRowSelection)
        .from(threads)
        .leftJoin(contacts, eq(contacts.id, threads.contactId))
        .$dynamic(),
      table: threads,
      where: (filters) => [
        eq(threads.workspaceId, caller.workspaceId),
        eq(threads.isDeleted, false),
        ...filterConditions(filters),
      ],
      tableRow: (row) => row.thread,
      show: (row) => toV2Thread(row.thread, row.contact),
    },
  );
}

/** The ids done and not found, each once, in the order given. */
function bulkResult(ids: string[], done: Iterable<string>): BulkResult {
  const doneSet = new Set(done);
  return { data: ids.filter((id) => doneSet.has(id)), not_found: ids.filter((id) => !doneSet.has(id)) };
}

/**
 * Reasons once `set.moderation` applies: none when released, `manual` when a clear thread is held
 * by hand, a held thread's own kept.
 */
const reasonsAfter = (moderation: ModerationState) =>
  moderation === 'clear'
    ? sql`'{}'::text[]`
    : sql`case when ${threads.moderation} = 'held' then ${threads.moderationReasons} else array['manual']::text[] end`;

/**
 * POST /threads/bulk-update: applies `set` to the workspace's live threads among `ids`, in one
 * transaction. `set.moderation` releases or holds them (see `withThreadUpdates` for the events).
 */
export async function bulkUpdateThreads(
  orm: Orm,
  workspaceId: string,
  ids: string[],
  set: BulkUpdateSet,
  at: Date,
): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  const done = await orm.transaction(async (tx) => {
    if (set.assignee_id) await requireReference(tx, 'member', workspaceId, set.assignee_id, 'set.assignee_id');
    const found = [...(await existingThreadIds(tx, workspaceId, unique.filter(isId)))];
    if (found.length === 0) return found;
    await withThreadUpdates(tx, workspaceId, found, at, () =>
      tx
        .update(threads)
        .set({
          ...(set.state !== undefined ? { state: set.state, lastStateChangeAt: stateChangeAt(set.state, at) } : {}),
          ...(set.pain_level !== undefined ? { painLevel: set.pain_level } : {}),
          ...(set.title !== undefined ? { title: set.title } : {}),
          ...(set.assignee_id !== undefined ? { assigneeId: set.assignee_id } : {}),
          ...(set.snoozed_until !== undefined
            ? { snoozedUntil: set.snoozed_until === null ? null : new Date(set.snoozed_until) }
            : {}),
          ...(set.moderation !== undefined
            ? { moderationReasons: reasonsAfter(set.moderation), moderation: set.moderation }
            : {}),
          updatedAt: at,
        })
        .where(and(eq(threads.workspaceId, workspaceId), inArray(threads.id, found))),
    );
    return found;
  });
  return bulkResult(unique, done);
}

/** POST /threads/bulk-delete: marks the workspace's live threads among `ids` deleted, with their events, in one transaction. */
export async function bulkDeleteThreads(orm: Orm, workspaceId: string, ids: string[], at: Date): Promise<BulkResult> {
  const unique = [...new Set(ids)];
  const deleted = await orm.transaction(async (tx) => {
    const rows = await tx
      .update(threads)
      .set({ isDeleted: true, updatedAt: at })
      .where(
        and(
          eq(threads.workspaceId, workspaceId),
          eq(threads.isDeleted, false),
          inArray(threads.id, unique.filter(isId)),
        ),
      )
      .returning({ id: threads.id });
    await recordThreadDeletes(
      tx,
      workspaceId,
      rows.map((row) => row.id),
      at,
    );
    return rows;
  });
  return bulkResult(
    unique,
    deleted.map((row) => row.id),
  );
}
