import { idParamsSchema, webhookDeliveryParamsSchema, webhookListQuerySchema } from '../contract/schemas/params.ts';
import {
  createWebhookInputSchema,
  updateWebhookInputSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '../contract/schemas/webhooks.ts';
import { defineOperation } from './operation.ts';

// Webhook endpoints and their deliveries, all under the `admin` scope.

const LIST_NOTE = 'Newest first; `limit` gives the page size. Pass `page.cursor` back as `cursor` for the next.';

export const v2ListWebhooksOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListWebhooks',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/webhooks',
  summary: 'List webhook endpoints',
  description: LIST_NOTE,
  query: webhookListQuerySchema,
  status: 200,
  output: webhookEndpointPageSchema,
  scope: 'admin',
});

export const v2CreateWebhookOperation = /*@__PURE__*/ defineOperation({
  id: 'v2CreateWebhook',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/webhooks',
  summary: 'Register a webhook endpoint',
  description: 'The answer carries the signing `secret`, shown this once.',
  body: createWebhookInputSchema,
  status: 201,
  output: webhookEndpointWithSecretSchema,
  scope: 'admin',
});

export const v2GetWebhookOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetWebhook',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/webhooks/{id}',
  summary: 'Get a webhook endpoint',
  params: idParamsSchema,
  status: 200,
  output: webhookEndpointSchema,
  scope: 'admin',
  errors: [404],
});

export const v2UpdateWebhookOperation = /*@__PURE__*/ defineOperation({
  id: 'v2UpdateWebhook',
  generation: 'v2',
  method: 'PATCH',
  path: '/api/v2/webhooks/{id}',
  summary: 'Update a webhook endpoint',
  description: '`enabled: true` also turns on an endpoint the service turned off after a 410.',
  params: idParamsSchema,
  body: updateWebhookInputSchema,
  status: 200,
  output: webhookEndpointSchema,
  scope: 'admin',
  errors: [404],
});

export const v2DeleteWebhookOperation = /*@__PURE__*/ defineOperation({
  id: 'v2DeleteWebhook',
  generation: 'v2',
  method: 'DELETE',
  path: '/api/v2/webhooks/{id}',
  summary: 'Delete a webhook endpoint and its delivery history',
  params: idParamsSchema,
  status: 204,
  scope: 'admin',
  errors: [404],
});

export const v2RotateWebhookSecretOperation = /*@__PURE__*/ defineOperation({
  id: 'v2RotateWebhookSecret',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/webhooks/{id}/rotate-secret',
  summary: "Rotate a webhook endpoint's secret",
  description: 'The answer carries the new `secret`; the old one keeps signing alongside it for 24 hours.',
  params: idParamsSchema,
  status: 200,
  output: webhookEndpointWithSecretSchema,
  scope: 'admin',
  errors: [404],
});

export const v2ListWebhookDeliveriesOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListWebhookDeliveries',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/webhooks/{id}/deliveries',
  summary: "List a webhook endpoint's deliveries",
  description: LIST_NOTE,
  params: idParamsSchema,
  query: webhookListQuerySchema,
  status: 200,
  output: webhookDeliveryPageSchema,
  scope: 'admin',
  errors: [404],
});

export const v2RedeliverWebhookOperation = /*@__PURE__*/ defineOperation({
  id: 'v2RedeliverWebhook',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  summary: 'Send a delivery again',
  description: 'The event goes out again with the same `webhook-id`, as a new delivery, which is returned.',
  params: webhookDeliveryParamsSchema,
  status: 202,
  output: webhookDeliverySchema,
  scope: 'admin',
  errors: [404],
});

/** The webhook operations, in `v2Operations` too. */
export const webhookOperations = [
  v2ListWebhooksOperation,
  v2CreateWebhookOperation,
  v2GetWebhookOperation,
  v2UpdateWebhookOperation,
  v2DeleteWebhookOperation,
  v2RotateWebhookSecretOperation,
  v2ListWebhookDeliveriesOperation,
  v2RedeliverWebhookOperation,
] as const;
