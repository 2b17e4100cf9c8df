/**
 * Webhook registration in the v2 API: the shapes of endpoints and deliveries, and the requests
 * that manage them. Zod (mini) schemas; the server validates requests with them and the v2 client
 * checks responses with them. The events themselves are in `webhook-events.ts`.
 */
import * as z from 'zod/mini';
import { PAGE_LIMIT_MAX } from '../constants.ts';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.ts';

/** Most endpoints one workspace may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
const eventListSchema = z
  .array(eventTypeSchema)
  .check(z.minLength(1, 'must name at least one event'), z.maxLength(WEBHOOK_EVENT_TYPES.length * 4));
const urlSchema = z.string().check(z.maxLength(2048), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));
const descriptionSchema = z.nullable(z.string().check(z.maxLength(500)));

/** POST /api/v2/webhooks. `events` defaults to every type. */
export const createWebhookInputSchema = z.strictObject({
  url: urlSchema,
  events: z.optional(eventListSchema),
  description: z.optional(descriptionSchema),
  enabled: z.optional(z.boolean()),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInputSchema>;

/** PATCH /api/v2/webhooks/{id}: any of these. */
export const updateWebhookInputSchema = z.strictObject({
  url: z.optional(urlSchema),
  events: z.optional(eventListSchema),
  description: z.optional(descriptionSchema),
  enabled: z.optional(z.boolean()),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInputSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(eventTypeSchema),
  enabled: z.boolean(),
  /** `gone` when the service turned the endpoint off because its receiver answered 410. */
  disabled_reason: z.nullable(z.string()),
  /** Until when the secret before the last rotation still signs, alongside the current one. */
  previous_secret_expires_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of create and rotate: the only times the secret is shown. */
export const webhookEndpointWithSecretSchema = z.object({
  ...webhookEndpointSchema.def.shape,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

const pageSchema = z.object({ cursor: z.nullable(z.string()), has_more: z.boolean(), limit: z.number() });

export const webhookEndpointPageSchema = z.object({ data: z.array(webhookEndpointSchema), page: pageSchema });
export type WebhookEndpointPage = z.infer<typeof webhookEndpointPageSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's id: the `webhook-id` header of every attempt. */
  event_id: z.string(),
  event_type: eventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  last_response_status: z.nullable(z.number()),
  last_attempt_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ data: z.array(webhookDeliverySchema), page: pageSchema });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** `limit` (1-200, as every v2 list) and `cursor` of the webhook lists. */
export const webhookListParamsSchema = z.strictObject({
  cursor: z.optional(z.string().check(z.minLength(1))),
  limit: z.optional(z.int().check(z.gte(1), z.lte(PAGE_LIMIT_MAX))),
});
export type WebhookListParams = z.infer<typeof webhookListParamsSchema>;
