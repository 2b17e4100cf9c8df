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
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { valid } from '../http/validate.ts';
import { describe } from '../openapi/describe.ts';
import { listDeliveries, redeliver } from './deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './endpoints.ts';

const LIST_NOTE = `Newest first, ${PAGE_LIMIT_DEFAULT} a page by default and at most ${PAGE_LIMIT_MAX}; pass \`page.cursor\` back as \`cursor\` for the next.`;

/** /api/v2/webhooks: endpoint registration and delivery history, all under the `admin` scope. */
export function webhookRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

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
      const { db, now } = c.var.services;
      return c.json(await listEndpoints(db.orm, c.var.caller, c.req.valid('query'), now()));
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
      return c.json(
        await createEndpoint(db.orm, c.var.caller.workspaceId, c.req.valid('json'), webhookPolicy, now()),
        201,
      );
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
    async (c) => {
      const { db, now } = c.var.services;
      return c.json(await getEndpoint(db.orm, c.var.caller.workspaceId, c.req.valid('param').id, now()));
    },
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
      const { id } = c.req.valid('param');
      return c.json(
        await updateEndpoint(db.orm, c.var.caller.workspaceId, id, c.req.valid('json'), webhookPolicy, now()),
      );
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
      await deleteEndpoint(c.var.services.db.orm, c.var.caller.workspaceId, c.req.valid('param').id);
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
      return c.json(await rotateSecret(db.orm, c.var.caller.workspaceId, c.req.valid('param').id, now()));
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
      const { orm } = c.var.services.db;
      return c.json(await listDeliveries(orm, c.var.caller, c.req.valid('param').id, c.req.valid('query')));
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
      const { db, now } = c.var.services;
      return c.json(await redeliver(db.orm, c.var.caller.workspaceId, id, deliveryId, now()), 202);
    },
  );

  return app;
}
