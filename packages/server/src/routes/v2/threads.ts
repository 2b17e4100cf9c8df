import {
  bulkDeleteInputSchema,
  bulkUpdateInputSchema,
  createThreadInputSchema,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  type ThreadFilters,
  threadFiltersSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireScope } from '../../http/auth.ts';
import { openCursor, signCursor } from '../../http/cursor.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { parseIntQuery, positiveInt } from '../../http/query.ts';
import { parseWith, readBody } from '../../http/validate.ts';
import {
  bulkDeleteThreads,
  bulkUpdateThreads,
  createThread,
  findThreadRow,
  listThreads,
  type ThreadPosition,
} from '../../services/threads.ts';

/** What a cursor carries: the last row's position and the filters of the first request. */
const cursorSchema = z.strictObject({
  at: z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, 'must be an ISO 8601 UTC date-time')),
  id: z.string(),
  filters: threadFiltersSchema,
});

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
    let after: ThreadPosition | undefined;
    if (query.cursor !== undefined) {
      // The cursor's filters apply; any sent with it are ignored.
      const cursor = cursorSchema.safeParse(openCursor(signingSecret, query.cursor));
      if (!cursor.success) throw invalidRequest([{ path: 'cursor', message: 'is malformed or was altered' }]);
      filters = cursor.data.filters;
      after = cursor.data;
    } else {
      filters = parseWith(threadFiltersSchema, { status: query.status, tab: query.tab });
    }
    const { rows, next } = await listThreads(c.var.services.db.orm, workspaceId, { filters, limit, after });
    const cursor = next
      ? signCursor(signingSecret, {
          ...next,
          filters: {
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.tab ? { tab: filters.tab } : {}),
          },
        })
      : null;
    return c.json({ data: rows, page: { cursor, has_more: next !== null, limit } });
  });

  app.get('/:id', requireScope('threads:read'), async (c) => {
    const row = await findThreadRow(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id'));
    if (!row) throw notFound('Thread');
    return c.json(row);
  });

  app.post('/', requireScope('threads:write'), async (c) => {
    const input = await readBody(c, createThreadInputSchema);
    const { db, now } = c.var.services;
    return c.json(await createThread(db.orm, c.var.caller.workspaceId, input, now()), 201);
  });

  app.post('/bulk-update', requireScope('threads:write'), async (c) => {
    const { ids, set } = await readBody(c, bulkUpdateInputSchema);
    const { db, now } = c.var.services;
    return c.json(await bulkUpdateThreads(db.orm, c.var.caller.workspaceId, ids, set, now()));
  });

  app.post('/bulk-delete', requireScope('threads:write'), async (c) => {
    const { ids } = await readBody(c, bulkDeleteInputSchema);
    const { db, now } = c.var.services;
    return c.json(await bulkDeleteThreads(db.orm, c.var.caller.workspaceId, ids, now()));
  });

  return app;
}
