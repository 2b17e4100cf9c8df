import { createWebhookInputSchema, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, updateWebhookInputSchema } from '@hearken/core';
import { regex, strictObject, string, unknown } from '@hearken/core/schema';
import { type Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import { requireScope } from '../../http/auth.ts';
import { openCursor, signCursor } from '../../http/cursor.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { parseIntQuery, positiveInt } from '../../http/query.ts';
import { readBody } from '../../http/validate.ts';
import { toWebhookDelivery, toWebhookEndpoint } from '../../serialize/webhooks.ts';
import { listDeliveries, redeliver } from '../../services/webhooks/deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../../services/webhooks/endpoints.ts';

const cursorSchema = strictObject({
  at: string().check(regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, 'must be an ISO 8601 UTC date-time')),
  id: string(),
});

/** The JSON body (415, malformed JSON and NUL checked by `readBody`), validated with a zod schema. */
async function readInput<S extends z.ZodMiniType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const result = schema.safeParse(await readBody(c, unknown()));
  if (result.success) return result.data;
  throw invalidRequest(
    result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: [...issue.path, key].join('.'), message: 'unknown property' }))
        : [{ path: issue.path.join('.') || '(body)', message: issue.message }],
    ),
  );
}

/** `limit` and the position after which a page starts, from the query string. */
function pageQuery(c: Context<AppEnv>) {
  const { limit: given, cursor } = c.req.query();
  const limit =
    given === undefined ? PAGE_LIMIT_DEFAULT : Math.min(parseIntQuery(given, 'limit', positiveInt), PAGE_LIMIT_MAX);
  if (cursor === undefined) return { limit, after: undefined };
  const parsed = cursorSchema.safeParse(openCursor(c.var.caller.signingSecret, cursor));
  if (!parsed.success) throw invalidRequest([{ path: 'cursor', message: 'is malformed or was altered' }]);
  return { limit, after: parsed.data };
}

/** `{data, page}` from `limit + 1` rows, the cursor naming the last row shown. */
function page<R, T>(
  c: Context<AppEnv>,
  rows: R[],
  limit: number,
  position: (row: R) => { at: Date; id: string },
  show: (row: R) => T,
) {
  const hasMore = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const cursor =
    hasMore && last
      ? signCursor(c.var.caller.signingSecret, { at: position(last).at.toISOString(), id: position(last).id })
      : null;
  return { data: shown.map(show), page: { cursor, has_more: hasMore, limit } };
}

/** /api/v2/webhooks: endpoint registration and delivery history, all under the `admin` scope. */
export function webhookRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireScope('admin'));

  const endpointOf = async (c: Context<AppEnv>) => {
    const row = await findEndpoint(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id')!);
    if (!row) throw notFound('Webhook endpoint');
    return row;
  };

  app.get('/', async (c) => {
    const { limit, after } = pageQuery(c);
    const rows = await listEndpoints(c.var.services.db.orm, c.var.caller.workspaceId, limit + 1, after);
    const now = c.var.services.now();
    return c.json(
      page(
        c,
        rows,
        limit,
        (row) => ({ at: row.createdAt, id: row.id }),
        (row) => toWebhookEndpoint(row, now),
      ),
    );
  });

  app.post('/', idempotent(), async (c) => {
    const input = await readInput(c, createWebhookInputSchema);
    const { db, now, webhookPolicy } = c.var.services;
    const at = now();
    const row = await createEndpoint(db.orm, c.var.caller.workspaceId, input, webhookPolicy, at);
    return c.json({ ...toWebhookEndpoint(row, at), secret: row.secret }, 201);
  });

  app.get('/:id', async (c) => c.json(toWebhookEndpoint(await endpointOf(c), c.var.services.now())));

  app.patch('/:id', async (c) => {
    const input = await readInput(c, updateWebhookInputSchema);
    const { db, now, webhookPolicy } = c.var.services;
    const at = now();
    const row = await updateEndpoint(db.orm, c.var.caller.workspaceId, c.req.param('id'), input, webhookPolicy, at);
    if (!row) throw notFound('Webhook endpoint');
    return c.json(toWebhookEndpoint(row, at));
  });

  app.delete('/:id', async (c) => {
    if (!(await deleteEndpoint(c.var.services.db.orm, c.var.caller.workspaceId, c.req.param('id')))) {
      throw notFound('Webhook endpoint');
    }
    return c.body(null, 204);
  });

  app.post('/:id/rotate-secret', idempotent(), async (c) => {
    const { db, now } = c.var.services;
    const at = now();
    const row = await rotateSecret(db.orm, c.var.caller.workspaceId, c.req.param('id'), at);
    if (!row) throw notFound('Webhook endpoint');
    return c.json({ ...toWebhookEndpoint(row, at), secret: row.secret });
  });

  app.get('/:id/deliveries', async (c) => {
    const endpoint = await endpointOf(c);
    const { limit, after } = pageQuery(c);
    const rows = await listDeliveries(c.var.services.db.orm, endpoint.id, limit + 1, after);
    return c.json(
      page(
        c,
        rows,
        limit,
        (row) => ({ at: row.delivery.createdAt, id: row.delivery.id }),
        (row) => toWebhookDelivery(row.delivery, row.eventType),
      ),
    );
  });

  app.post('/:id/deliveries/:deliveryId/redeliver', idempotent(), async (c) => {
    const endpoint = await endpointOf(c);
    const { db, now } = c.var.services;
    const found = await redeliver(db.orm, endpoint.id, c.req.param('deliveryId'), now());
    if (!found) throw notFound('Webhook delivery');
    return c.json(toWebhookDelivery(found.delivery, found.eventType), 202);
  });

  return app;
}
