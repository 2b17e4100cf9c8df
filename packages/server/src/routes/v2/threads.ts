import {
  bulkDeleteInputSchema,
  bulkResultSchema,
  bulkUpdateInputSchema,
  createThreadInputSchema,
  idParamsSchema,
  listThreadsQuerySchema,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  threadPageSchema,
  threadRowSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { bulkDeleteThreads, bulkUpdateThreads, createThread, getThread, listThreads } from '../../services/threads.ts';

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
    async (c) => c.json(await listThreads(c.var.services.db.orm, c.var.caller, c.req.valid('query'))),
  );

  app.get(
    '/:id',
    describe('v2', { summary: 'Get a thread', ok: [200, threadRowSchema], scope: 'threads:read', errors: [404] }),
    valid('param', idParamsSchema),
    async (c) => c.json(await getThread(c.var.services.db.orm, c.var.caller.workspaceId, c.req.valid('param').id)),
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
