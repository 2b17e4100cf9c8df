/**
 * Webhook registration in the v2 API: the shapes of endpoints and deliveries, and the requests
 * that manage them. Zod (mini) schemas; the server validates requests with them and the v2 client
 * checks responses with them. The events themselves are in `webhook-events.ts`.
 */
import * as z from 'zod/mini';
import { pageOf, pageParamsSchema } from './paging.ts';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.ts';

/** Most endpoints one workspace may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const eventTypeSchema = /*@__PURE__*/ z.enum(WEBHOOK_EVENT_TYPES);
const eventListSchema = /*@__PURE__*/ z
  .array(eventTypeSchema)
  .check(
    /*@__PURE__*/ z.minLength(1, 'must name at least one event'),
    /*@__PURE__*/ z.maxLength(WEBHOOK_EVENT_TYPES.length * 4),
  );
const urlSchema = /*@__PURE__*/ z
  .string()
  .check(
    /*@__PURE__*/ z.maxLength(2048),
    /*@__PURE__*/ z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  );
const descriptionSchema = /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(500)));

/** POST /api/v2/webhooks. `events` defaults to every type. */
export const createWebhookInputSchema = /*@__PURE__*/ z.strictObject({
  url: urlSchema,
  events: /*@__PURE__*/ z.optional(eventListSchema),
  description: /*@__PURE__*/ z.optional(descriptionSchema),
  enabled: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

/** PATCH /api/v2/webhooks/{id}: any of these. */
export const updateWebhookInputSchema = /*@__PURE__*/ z.strictObject({
  url: /*@__PURE__*/ z.optional(urlSchema),
  events: /*@__PURE__*/ z.optional(eventListSchema),
  description: /*@__PURE__*/ z.optional(descriptionSchema),
  enabled: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>;

export const webhookEndpointSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  url: /*@__PURE__*/ z.string(),
  description: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  events: /*@__PURE__*/ z.array(eventTypeSchema),
  enabled: /*@__PURE__*/ z.boolean(),
  /** `gone` when the service turned the endpoint off because its receiver answered 410. */
  disabled_reason: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  /** Until when the secret before the last rotation still signs, alongside the current one. */
  previous_secret_expires_at: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  created_at: /*@__PURE__*/ z.string(),
  updated_at: /*@__PURE__*/ z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of create and rotate: the only times the secret is shown. */
export const webhookEndpointWithSecretSchema = /*@__PURE__*/ z.object({
  ...webhookEndpointSchema.def.shape,
  secret: /*@__PURE__*/ z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

const pageSchema = /*@__PURE__*/ z.object({
  cursor: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  has_more: /*@__PURE__*/ z.boolean(),
  limit: /*@__PURE__*/ z.number(),
});

export const webhookEndpointPageSchema = /*@__PURE__*/ pageOf(webhookEndpointSchema, pageSchema);
export type WebhookEndpointPage = z.infer<typeof webhookEndpointPageSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  /** The event's id: the `webhook-id` header of every attempt. */
  event_id: /*@__PURE__*/ z.string(),
  event_type: eventTypeSchema,
  status: /*@__PURE__*/ z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: /*@__PURE__*/ z.number(),
  last_response_status: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number()),
  last_attempt_at: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  last_error: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  next_attempt_at: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string()),
  created_at: /*@__PURE__*/ z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = /*@__PURE__*/ pageOf(webhookDeliverySchema, pageSchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** `limit` (1-200, as every v2 list) and `cursor` of the webhook lists. */
export const webhookListParamsSchema = pageParamsSchema;
export type WebhookListParams = z.infer<typeof webhookListParamsSchema>;
