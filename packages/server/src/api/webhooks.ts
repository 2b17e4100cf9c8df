import type { v2Operations } from '@hearken/core';
import { listDeliveries, redeliver } from '../webhooks/deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/endpoints.ts';
import type { Handlers } from './register.ts';

/** The ids of the v2 operations under `/api/v2/webhooks`. */
type WebhookOperationId = Extract<(typeof v2Operations)[number], { path: `/api/v2/webhooks${string}` }>['id'];

/** The v2 webhook operations: endpoint registration and delivery history. */
export const webhookHandlers: Pick<Handlers<typeof v2Operations>, WebhookOperationId> = {
  v2ListWebhooks: ({ services: { db, now }, caller, query }) => listEndpoints(db.orm, caller, query, now()),
  v2CreateWebhook: ({ services: { db, now, webhookPolicy }, caller, body }) =>
    createEndpoint(db.orm, caller.workspaceId, body, webhookPolicy, now()),
  v2GetWebhook: ({ services: { db, now }, caller, params }) =>
    getEndpoint(db.orm, caller.workspaceId, params.id, now()),
  v2UpdateWebhook: ({ services: { db, now, webhookPolicy }, caller, params, body }) =>
    updateEndpoint(db.orm, caller.workspaceId, params.id, body, webhookPolicy, now()),
  v2DeleteWebhook: ({ services, caller, params }) => deleteEndpoint(services.db.orm, caller.workspaceId, params.id),
  v2RotateWebhookSecret: ({ services: { db, now }, caller, params }) =>
    rotateSecret(db.orm, caller.workspaceId, params.id, now()),
  v2ListWebhookDeliveries: ({ services, caller, params, query }) =>
    listDeliveries(services.db.orm, caller, params.id, query),
  v2RedeliverWebhook: ({ services: { db, now }, caller, params }) =>
    redeliver(db.orm, caller.workspaceId, params.id, params.deliveryId, now()),
};
