import {
  getThreadQuerySchema,
  idParamsSchema,
  sendMessageInputSchema,
  sendMessageResultSchema,
  threadIdParamsSchema,
  threadUpdateSummarySchema,
  updateThreadInputSchema,
  v1ThreadSchema,
} from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
import { getThread, sendMessage, updateThread } from '../../services/v1-threads.ts';

/** v1 threads, under their v1 name `insights`. */
export function threadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(
    '/:id',
    describe('v1', { summary: 'Get a thread', ok: [200, v1ThreadSchema] }),
    valid('param', idParamsSchema),
    valid('query', getThreadQuerySchema),
    async (c) => {
      const { includeConversation = false } = c.req.valid('query');
      const { orm } = c.var.services.db;
      return c.json(await getThread(orm, c.var.caller.workspaceId, c.req.valid('param').id, includeConversation));
    },
  );

  app.patch(
    '/:id',
    describe('v1', {
      summary: 'Update a thread',
      description: '`notify` queues a chat or email notification; send an Idempotency-Key so a retry notifies once.',
      ok: [200, threadUpdateSummarySchema],
      write: true,
    }),
    valid('param', idParamsSchema),
    valid('json', updateThreadInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await updateThread(db.orm, c.var.caller, c.req.valid('param').id, c.req.valid('json'), now()));
    },
  );

  app.post(
    '/:threadId/messages',
    describe('v1', {
      summary: "Send a message to the thread's contact",
      ok: [201, sendMessageResultSchema],
      write: true,
    }),
    valid('param', threadIdParamsSchema),
    valid('json', sendMessageInputSchema),
    async (c) => {
      const { db, now } = c.var.services;
      const { threadId } = c.req.valid('param');
      return c.json(await sendMessage(db.orm, c.var.caller, threadId, c.req.valid('json'), now()), 201);
    },
  );

  return app;
}
