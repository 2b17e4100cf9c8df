import {
  bulkDeleteInputSchema,
  bulkUpdateInputSchema,
  createThreadInputSchema,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  type ThreadFilters,
  type ThreadState,
  type ThreadTab,
  threadFiltersSchema,
} from '@hearken/core';
import { regex, strictObject, string } from '@hearken/core/schema';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contacts, threads } from '../../db/schema.ts';
import { requireScope } from '../../http/auth.ts';
import { openCursor, signCursor } from '../../http/cursor.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parseIntQuery, positiveInt } from '../../http/query.ts';
import { parseWith, readBody } from '../../http/validate.ts';
import { isId } from '../../ids.ts';
import { toThreadRow } from '../../serialize/v2.ts';
import { requireReference } from '../../services/references.ts';
import {
  createThread,
  existingThreadIds,
  findThreadRow,
  stateChangeAt,
  threadRowSelection,
} from '../../services/threads.ts';
import { recordThreadDeletes, recordThreadUpdates, threadRowsById } from '../../services/webhooks/events.ts';

const TAB_STATES: Record<ThreadTab, readonly ThreadState[] | undefined> = {
  inbox: ['NEW', 'UNSNOOZED'],
  snoozed: ['SNOOZED'],
  completed: ['COMPLETED'],
  all: undefined,
};

/** What a cursor carries: the last row's position and the filters of the first request. */
const cursorSchema = strictObject({
  at: string().check(regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, 'must be an ISO 8601 UTC date-time')),
  id: string(),
  filters: threadFiltersSchema,
});

function filterConditions({ status, tab }: ThreadFilters): SQL[] {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(threads.state, status));
  const states = tab ? TAB_STATES[tab] : undefined;
  if (states) conditions.push(inArray(threads.state, [...states]));
  return conditions;
}

export function threadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', requireScope('threads:read'), async (c) => {
    const { workspaceId, signingSecret } = c.var.caller;
    const query = c.req.query();
    const limit =
      query.limit === undefined
        ? PAGE_LIMIT_DEFAULT
        : Math.min(parseIntQuery(query.limit, 'limit', positiveInt), PAGE_LIMIT_MAX);
    let filters: ThreadFilters;
    let after: { at: string; id: string } | undefined;
    if (query.cursor !== undefined) {
      // The cursor's filters apply; any sent with it are ignored.
      const cursor = cursorSchema.safeParse(openCursor(signingSecret, query.cursor));
      if (!cursor.success) throw invalidRequest([{ path: 'cursor', message: 'is malformed or was altered' }]);
      filters = cursor.data.filters;
      after = cursor.data;
    } else {
      filters = parseWith(threadFiltersSchema, { status: query.status, tab: query.tab });
    }
    const rows = await c.var.services.db.orm
      .select(threadRowSelection)
      .from(threads)
      .leftJoin(contacts, eq(contacts.id, threads.contactId))
      .where(
        and(
          eq(threads.workspaceId, workspaceId),
          eq(threads.isDeleted, false),
          ...filterConditions(filters),
          after ? sql`(${threads.createdAt}, ${threads.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(threads.createdAt), desc(threads.id))
      .limit(limit + 1);
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const cursor =
      hasMore && last
        ? signCursor(signingSecret, {
            at: last.thread.createdAt.toISOString(),
            id: last.thread.id,
            filters: {
              ...(filters.status ? { status: filters.status } : {}),
              ...(filters.tab ? { tab: filters.tab } : {}),
            },
          })
        : null;
    return c.json({
      data: page.map((row) => toThreadRow(row.thread, row.contact)),
      page: { cursor, has_more: hasMore, limit },
    });
  });

  app.get('/:id', requireScope('threads:read'), async (c) => {
    const row = await findThreadRow(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id'));
    if (!row) throw notFound('Thread');
    return c.json(row);
  });

  app.post('/', requireScope('threads:write'), idempotent(), async (c) => {
    const input = await readBody(c, createThreadInputSchema);
    const { db, now } = c.var.services;
    return c.json(await createThread(db.orm, c.var.caller.workspaceId, input, now()), 201);
  });

  app.post('/bulk-update', requireScope('threads:write'), idempotent(), async (c) => {
    const { ids, set } = await readBody(c, bulkUpdateInputSchema);
    const { db, now } = c.var.services;
    const { workspaceId } = c.var.caller;
    const unique = [...new Set(ids)];
    const at = now();
    const done = await db.orm.transaction(async (tx) => {
      if (set.assignee_id) await requireReference(tx, 'member', workspaceId, set.assignee_id, 'set.assignee_id');
      const found = [...(await existingThreadIds(tx, workspaceId, unique.filter(isId)))];
      if (found.length === 0) return found;
      const before = await threadRowsById(tx, workspaceId, found);
      await tx
        .update(threads)
        .set({
          ...(set.state !== undefined ? { state: set.state, lastStateChangeAt: stateChangeAt(set.state, at) } : {}),
          ...(set.pain_level !== undefined ? { painLevel: set.pain_level } : {}),
          ...(set.title !== undefined ? { title: set.title } : {}),
          ...(set.assignee_id !== undefined ? { assigneeId: set.assignee_id } : {}),
          ...(set.snoozed_until !== undefined
            ? { snoozedUntil: set.snoozed_until === null ? null : new Date(set.snoozed_until) }
            : {}),
          updatedAt: at,
        })
        .where(and(eq(threads.workspaceId, workspaceId), inArray(threads.id, found)));
      await recordThreadUpdates(tx, workspaceId, before, at);
      return found;
    });
    const doneSet = new Set(done);
    return c.json({ data: unique.filter((id) => doneSet.has(id)), not_found: unique.filter((id) => !doneSet.has(id)) });
  });

  app.post('/bulk-delete', requireScope('threads:write'), idempotent(), async (c) => {
    const { ids } = await readBody(c, bulkDeleteInputSchema);
    const { db, now } = c.var.services;
    const { workspaceId } = c.var.caller;
    const unique = [...new Set(ids)];
    const at = now();
    const deleted = await db.orm.transaction(async (tx) => {
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
    const doneSet = new Set(deleted.map((row) => row.id));
    return c.json({ data: unique.filter((id) => doneSet.has(id)), not_found: unique.filter((id) => !doneSet.has(id)) });
  });

  return app;
}
