import {
  createWebhookInputSchema,
  idParamsSchema,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  updateWebhookInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookListQuerySchema,
} from '@hearken/core';
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { openCursor, signCursor } from '../../http/cursor.ts';
import type { AppEnv } from '../../http/env.ts';
import { invalidRequest, notFound } from '../../http/errors.ts';
import { valid } from '../../http/validate.ts';
import { describe } from '../../openapi/describe.ts';
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

const cursorSchema = z.strictObject({
  at: z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/, 'must be an ISO 8601 UTC date-time')),
  id: z.string(),
});

type ListQuery = z.output<typeof webhookListQuerySchema>;

/** `limit` (capped) and the position after which a page starts, from the checked query. */
function pageQuery(c: Context<AppEnv>, query: ListQuery) {
  const limit = Math.min(query.limit ?? PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX);
  if (query.cursor === undefined) return { limit, after: undefined };
  const parsed = cursorSchema.safeParse(openCursor(c.var.caller.signingSecret, query.cursor));
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

const LIST_NOTE = `Newest first, ${PAGE_LIMIT_DEFAULT} a page by default and at most ${PAGE_LIMIT_MAX}; pass \`page.cursor\` back as \`cursor\` for the next.`;

/** /api/v2/webhooks: endpoint registration and delivery history, all under the `admin` scope. */
export function webhookRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const endpointOf = async (c: Context<AppEnv>, id: string) => {
    const row = await findEndpoint(c.var.services.db.orm, c.var.caller.workspaceId, id);
    if (!row) throw notFound('Webhook endpoint');
    return row;
  };

  app.get(
    '/',
    describe('v2', {
      summary: 'List webhook endpoints',
      description: LIST_NOTE,
      ok: [200, webhookEndpointPageSchema],
      scope: 'admin',
    }),
    valid('query', webhookListQuerySchema),
    async (c) => {
      const { limit, after } = pageQuery(c, c.req.valid('query'));
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
    },
  );

  app.post(
    '/',
    describe('v2', {
      summary: 'Register a webhook endpoint',
      description: 'The answer carries the signing `secret`, shown this once.',
      ok: [201, webhookEndpointWithSecretSchema],
      scope: 'admin',
      write: true,
    }),
    valid('json', createWebhookInputSchema),
    async (c) => {
      const { db, now, webhookPolicy } = c.var.services;
      const at = now();
      const row = await createEndpoint(db.orm, c.var.caller.workspaceId, c.req.valid('json'), webhookPolicy, at);
      return c.json({ ...toWebhookEndpoint(row, at), secret: row.secret }, 201);
    },
  );

  app.get(
    '/:id',
    describe('v2', {
      summary: 'Get a webhook endpoint',
      ok: [200, webhookEndpointSchema],
      scope: 'admin',
      errors: [404],
    }),
    valid('param', idParamsSchema),
    async (c) => c.json(toWebhookEndpoint(await endpointOf(c, c.req.valid('param').id), c.var.services.now())),
  );

  app.patch(
    '/:id',
    describe('v2', {
      summary: 'Update a webhook endpoint',
      description: '`enabled: true` also turns on an endpoint the service turned off after a 410.',
      ok: [200, webhookEndpointSchema],
      scope: 'admin',
      write: true,
      errors: [404],
    }),
    valid('param', idParamsSchema),
    valid('json', updateWebhookInputSchema),
    async (c) => {
      const { db, now, webhookPolicy } = c.var.services;
      const at = now();
      const { id } = c.req.valid('param');
      const row = await updateEndpoint(db.orm, c.var.caller.workspaceId, id, c.req.valid('json'), webhookPolicy, at);
      if (!row) throw notFound('Webhook endpoint');
      return c.json(toWebhookEndpoint(row, at));
    },
  );

  app.delete(
    '/:id',
    describe('v2', {
      summary: 'Delete a webhook endpoint and its delivery history',
      ok: [204],
      scope: 'admin',
      write: true,
      errors: [404],
    }),
    valid('param', idParamsSchema),
    async (c) => {
      if (!(await deleteEndpoint(c.var.services.db.orm, c.var.caller.workspaceId, c.req.valid('param').id))) {
        throw notFound('Webhook endpoint');
      }
      return c.body(null, 204);
    },
  );

  app.post(
    '/:id/rotate-secret',
    describe('v2', {
      summary: "Rotate a webhook endpoint's secret",
      description: 'The answer carries the new `secret`; the old one keeps signing alongside it for 24 hours.',
      ok: [200, webhookEndpointWithSecretSchema],
      scope: 'admin',
      write: true,
      errors: [404],
    }),
    valid('param', idParamsSchema),
    async (c) => {
      const { db, now } = c.var.services;
      const at = now();
      const row = await rotateSecret(db.orm, c.var.caller.workspaceId, c.req.valid('param').id, at);
      if (!row) throw notFound('Webhook endpoint');
      return c.json({ ...toWebhookEndpoint(row, at), secret: row.secret });
    },
  );

  app.get(
    '/:id/deliveries',
    describe('v2', {
      summary: "List a webhook endpoint's deliveries",
      description: LIST_NOTE,
      ok: [200, webhookDeliveryPageSchema],
      scope: 'admin',
      errors: [404],
    }),
    valid('param', idParamsSchema),
    valid('query', webhookListQuerySchema),
    async (c) => {
      const endpoint = await endpointOf(c, c.req.valid('param').id);
      const { limit, after } = pageQuery(c, c.req.valid('query'));
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
    },
  );

  app.post(
    '/:id/deliveries/:deliveryId/redeliver',
    describe('v2', {
      summary: 'Send a delivery again',
      description: 'The event goes out again with the same `webhook-id`, as a new delivery, which is returned.',
      ok: [202, webhookDeliverySchema],
      scope: 'admin',
      write: true,
      errors: [404],
    }),
    valid('param', webhookDeliveryParamsSchema),
    async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      const endpoint = await endpointOf(c, id);
      const { db, now } = c.var.services;
      const found = await redeliver(db.orm, endpoint.id, deliveryId, now());
      if (!found) throw notFound('Webhook delivery');
      return c.json(toWebhookDelivery(found.delivery, found.eventType), 202);
    },
  );

  return app;
}
