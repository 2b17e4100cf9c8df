import * as z from 'zod/mini';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPage,
  WebhookEndpointWithSecret,
  WebhookListParams,
} from '../contract/schemas/webhooks.ts';
import { webhookListParamsSchema } from '../contract/schemas/webhooks.ts';
import { validateInput } from '../contract/validate.ts';
import * as operations from '../operations/webhooks.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { followCursor } from './paging.ts';

/** `client.webhooks` of the v2 client: endpoints and their deliveries; the key needs the `admin` scope. */
export interface V2WebhooksClient {
  /** Registers an endpoint. The answer carries its `secret`, shown this once. Sent with an Idempotency-Key (a new one unless given). */
  create(input: CreateWebhookInput, options?: IdempotentCallOptions): Promise<WebhookEndpointWithSecret>;
  /** One page of endpoints, newest first; pass `page.cursor` back as `cursor` for the next. */
  list(params?: WebhookListParams, options?: CallOptions): Promise<WebhookEndpointPage>;
  /** Every endpoint, page after page. */
  iterate(params?: Pick<WebhookListParams, 'limit'>, options?: CallOptions): AsyncIterable<WebhookEndpoint>;
  /** One endpoint (without its secret). */
  get(id: string, options?: CallOptions): Promise<WebhookEndpoint>;
  /** Changes the fields given; `enabled: true` also turns on an endpoint the service turned off. */
  update(id: string, input: UpdateWebhookInput, options?: IdempotentCallOptions): Promise<WebhookEndpoint>;
  /** Deletes the endpoint and its delivery history. */
  delete(id: string, options?: IdempotentCallOptions): Promise<void>;
  /** A new secret (in the answer); the old one keeps signing alongside it for 24 hours. */
  rotateSecret(id: string, options?: IdempotentCallOptions): Promise<WebhookEndpointWithSecret>;
  /** One page of the endpoint's deliveries, newest first. */
  deliveries(id: string, params?: WebhookListParams, options?: CallOptions): Promise<WebhookDeliveryPage>;
  /** Every delivery of the endpoint, page after page. */
  iterateDeliveries(
    id: string,
    params?: Pick<WebhookListParams, 'limit'>,
    options?: CallOptions,
  ): AsyncIterable<WebhookDelivery>;
  /** Sends a delivery's event again (same `webhook-id`) as a new delivery, which is returned. */
  redeliver(id: string, deliveryId: string, options?: IdempotentCallOptions): Promise<WebhookDelivery>;
}

/** What `iterate` and `iterateDeliveries` take: a page size; the cursor is theirs to follow. */
const iterateParamsSchema = /*@__PURE__*/ z.strictObject({ limit: webhookListParamsSchema.shape.limit });

/**
 * Every item of a webhook list, page after page. A generator, so bad `params` reject the first
 * step of the loop, as every iterator of the client does.
 */
async function* iterateList<T>(
  operation: typeof operations.v2ListWebhooksOperation | typeof operations.v2ListWebhookDeliveriesOperation,
  load: (params: WebhookListParams) => Promise<{ data: T[]; page: { cursor: string | null; has_more: boolean } }>,
  params: Pick<WebhookListParams, 'limit'>,
): AsyncGenerator<T> {
  const { limit } = validateInput(iterateParamsSchema, params);
  yield* followCursor(operation, (cursor) => load({ ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) }));
}

/** The webhooks part of the v2 client, over its `call` (writes get their Idempotency-Key from the transport). */
export function createV2WebhooksClient(call: Call): V2WebhooksClient {
  const list: V2WebhooksClient['list'] = async (params = {}, options) =>
    call(operations.v2ListWebhooksOperation, { query: validateInput(webhookListParamsSchema, params) }, options);
  const deliveries: V2WebhooksClient['deliveries'] = async (id, params = {}, options) =>
    call(
      operations.v2ListWebhookDeliveriesOperation,
      { params: { id }, query: validateInput(webhookListParamsSchema, params) },
      options,
    );
  return {
    create: async (input, options) => call(operations.v2CreateWebhookOperation, { body: input }, options),
    list,
    iterate: (params = {}, options) =>
      iterateList(operations.v2ListWebhooksOperation, (page) => list(page, options), params),
    get: async (id, options) => call(operations.v2GetWebhookOperation, { params: { id } }, options),
    update: async (id, input, options) =>
      call(operations.v2UpdateWebhookOperation, { params: { id }, body: input }, options),
    delete: async (id, options) => call(operations.v2DeleteWebhookOperation, { params: { id } }, options),
    rotateSecret: async (id, options) => call(operations.v2RotateWebhookSecretOperation, { params: { id } }, options),
    deliveries,
    iterateDeliveries: (id, params = {}, options) =>
      iterateList(operations.v2ListWebhookDeliveriesOperation, (page) => deliveries(id, page, options), params),
    redeliver: async (id, deliveryId, options) =>
      call(operations.v2RedeliverWebhookOperation, { params: { id, deliveryId } }, options),
  };
}
