import { sendMessageInputSchema, updateThreadInputSchema } from '@hearken/core';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env.ts';
import { parseBooleanQuery } from '../../http/query.ts';
import { readBody } from '../../http/validate.ts';
import { getInsight, sendMessage, updateInsight } from '../../services/insights.ts';

/** v1 threads, under their v1 name `insights`. */
export function insightRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:id', async (c) => {
    const include = c.req.query('includeConversation');
    const withConversation = include !== undefined && parseBooleanQuery(include, 'includeConversation');
    return c.json(
      await getInsight(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id'), withConversation),
    );
  });

  app.patch('/:id', async (c) => {
    const input = await readBody(c, updateThreadInputSchema);
    const { db, now } = c.var.services;
    return c.json(await updateInsight(db.orm, c.var.caller, c.req.param('id'), input, now()));
  });

  app.post('/:threadId/messages', async (c) => {
    const input = await readBody(c, sendMessageInputSchema);
    const { db, now } = c.var.services;
    return c.json(await sendMessage(db.orm, c.var.caller, c.req.param('threadId'), input, now()), 201);
  });

  return app;
}
