import * as z from 'zod/mini';
import { idSchema } from '../contract/schemas/common.ts';
import {
  type CreateWebhookInput,
  createWebhookInputSchema,
  type UpdateWebhookInput,
  updateWebhookInputSchema,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointPage,
  type WebhookEndpointWithSecret,
  type WebhookListParams,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookListParamsSchema,
} from '../contract/schemas/webhooks.ts';
import { validateInput } from '../contract/validate.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import { type Call, segment } from './call.ts';
import { paginate, stalled } from './paging.ts';

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

const BASE = '/api/v2/webhooks';
const endpointPath = (id: string) => `${BASE}/${segment(validateInput(idSchema, id, 'id'))}`;
/** What `iterate` and `iterateDeliveries` take: a page size; the cursor is theirs to follow. */
const iterateParamsSchema = z.strictObject({ limit: webhookListParamsSchema.shape.limit });
/** DELETE answers 204: there is no body to check. */
const noBodySchema = z.unknown();

/**
 * Every item of a cursor-paged list, refusing a page that claims more without a new cursor. A
 * generator, so bad `params` reject the first step of the loop, as every iterator of the client does.
 */
async function* iterateList<T>(
  path: string,
  load: (params: WebhookListParams) => Promise<{ data: T[]; page: { cursor: string | null; has_more: boolean } }>,
  params: Pick<WebhookListParams, 'limit'>,
): AsyncGenerator<T> {
  const { limit } = validateInput(iterateParamsSchema, params);
  yield* paginate<string, T>(async (cursor) => {
    const { data, page } = await load({ ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) });
    if (!page.has_more) return { items: data, next: undefined };
    if (!page.cursor || page.cursor === cursor) {
      throw stalled('GET', path, ['page', 'cursor'], 'must be a new cursor while has_more is true');
    }
    return { items: data, next: page.cursor };
  });
}

/** The webhooks part of the v2 client, over its `call` (writes get their Idempotency-Key from the transport). */
export function createV2WebhooksClient(call: Call): V2WebhooksClient {
  const list: V2WebhooksClient['list'] = async (params = {}, options) =>
    call(
      { method: 'GET', path: BASE, query: validateInput(webhookListParamsSchema, params) },
      webhookEndpointPageSchema,
      options,
    );
  const deliveries: V2WebhooksClient['deliveries'] = async (id, params = {}, options) =>
    call(
      { method: 'GET', path: `${endpointPath(id)}/deliveries`, query: validateInput(webhookListParamsSchema, params) },
      webhookDeliveryPageSchema,
      options,
    );
  return {
    create: async (input, options) =>
      call(
        { method: 'POST', path: BASE, body: validateInput(createWebhookInputSchema, input) },
        webhookEndpointWithSecretSchema,
        options,
      ),
    list,
    iterate: (params = {}, options) => iterateList(BASE, (page) => list(page, options), params),
    get: async (id, options) => call({ method: 'GET', path: endpointPath(id) }, webhookEndpointSchema, options),
    update: async (id, input, options) =>
      call(
        { method: 'PATCH', path: endpointPath(id), body: validateInput(updateWebhookInputSchema, input) },
        webhookEndpointSchema,
        options,
      ),
    delete: async (id, options) => {
      await call({ method: 'DELETE', path: endpointPath(id) }, noBodySchema, options);
    },
    rotateSecret: async (id, options) =>
      call({ method: 'POST', path: `${endpointPath(id)}/rotate-secret` }, webhookEndpointWithSecretSchema, options),
    deliveries,
    iterateDeliveries: (id, params = {}, options) =>
      iterateList(`${endpointPath(id)}/deliveries`, (page) => deliveries(id, page, options), params),
    redeliver: async (id, deliveryId, options) =>
      call(
        {
          method: 'POST',
          path: `${endpointPath(id)}/deliveries/${segment(validateInput(idSchema, deliveryId, 'deliveryId'))}/redeliver`,
        },
        webhookDeliverySchema,
        options,
      ),
  };
}
