import {
  bulkDeleteInputSchema,
  bulkResultSchema,
  bulkUpdateInputSchema,
  createThreadInputSchema,
  idParamsSchema,
  listThreadsQuerySchema,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  type ThreadFilters,
  threadFiltersSchema,
  threadPageSchema,
  threadRowSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { openCursor, signCursor } from '../../http/cursor.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
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

  app.get(
    '/',
    describe('v2', {
      summary: 'List threads',
      description: `Newest first, ${PAGE_LIMIT_DEFAULT} a page by default and at most ${PAGE_LIMIT_MAX}. The filters apply to the first page; the opaque \`cursor\` carries them to the next.`,
      ok: [200, threadPageSchema],
      scope: 'threads:read',
    }),
    valid('query', listThreadsQuerySchema),
    async (c) => {
      const { workspaceId, signingSecret } = c.var.caller;
      const query = c.req.valid('query');
      const limit = Math.min(query.limit ?? PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX);
      let filters: ThreadFilters = { status: query.status, tab: query.tab };
      let after: ThreadPosition | undefined;
      if (query.cursor !== undefined) {
        // The cursor's filters apply; any sent with it are ignored.
        const cursor = cursorSchema.safeParse(openCursor(signingSecret, query.cursor));
        if (!cursor.success) throw invalidRequest([{ path: 'cursor', message: 'is malformed or was altered' }]);
        filters = cursor.data.filters;
        after = cursor.data;
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
    },
  );

  app.get(
    '/:id',
    describe('v2', { summary: 'Get a thread', ok: [200, threadRowSchema], scope: 'threads:read', errors: [404] }),
    valid('param', idParamsSchema),
    async (c) => {
      const row = await findThreadRow(c.var.services.db.orm, c.var.caller.workspaceId, c.req.valid('param').id);
      if (!row) throw notFound('Thread');
      return c.json(row);
    },
  );

  app.post(
    '/',
    describe('v2', {
      summary: 'Create a thread',
      description:
        'The contact is found by `contact_email` or created; a project or issue link also counts as an upvote.',
      ok: [201, threadRowSchema],
      scope: 'threads:write',
      write: true,
    }),
    valid('json', createThreadInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await createThread(db.orm, c.var.caller.workspaceId, c.req.valid('json'), now()), 201);
    },
  );

  app.post(
    '/bulk-update',
    describe('v2', {
      summary: 'Update up to 100 threads',
      ok: [200, bulkResultSchema],
      scope: 'threads:write',
      write: true,
    }),
    valid('json', bulkUpdateInputSchema),
    async (c) => {
      const { ids, set } = c.req.valid('json');
      const { db, now } = c.var.services;
      return c.json(await bulkUpdateThreads(db.orm, c.var.caller.workspaceId, ids, set, now()));
    },
  );

  app.post(
    '/bulk-delete',
    describe('v2', {
      summary: 'Delete up to 100 threads',
      ok: [200, bulkResultSchema],
      scope: 'threads:write',
      write: true,
    }),
    valid('json', bulkDeleteInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await bulkDeleteThreads(db.orm, c.var.caller.workspaceId, c.req.valid('json').ids, now()));
    },
  );

  return app;
}
