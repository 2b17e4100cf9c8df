/**
 * Webhooks of the v2 API: the event kinds and payloads a receiver gets, and the shapes of the
 * endpoints that register them. Zod (mini) schemas; the server validates requests with them and
 * the v2 client checks responses with them.
 */
import * as z from 'zod/mini';
import type { V2Company } from '../schemas/v2.ts';
import type { ThreadRow } from '../schemas/v2-thread.ts';

/** Every event a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'thread.created',
  'thread.updated',
  'thread.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'contact.created',
  'message.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Standard Webhooks header names, as the service sends them (lower case). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** Secrets are `whsec_` followed by the base64 of the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Most endpoints one workspace may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

/** A contact as v2 events carry it. */
export interface V2Contact {
  id: string;
  email: string;
  name: string | null;
  company_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A message as v2 events carry it. */
export interface V2Message {
  id: string;
  thread_id: string;
  type: 'INBOUND' | 'OUTBOUND';
  subject: string | null;
  from: unknown;
  to: unknown[];
  cc: unknown[];
  text_content: string | null;
  html_content: string | null;
  date: string;
  created_at: string;
}

/** The v2 field names whose values changed, on `*.updated` events. */
export interface Changed {
  changed_fields: string[];
}

interface Envelope<T extends WebhookEventType, D> {
  type: T;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  data: D;
}

/** What a receiver gets: one of these, told apart by `type`. */
export type WebhookEvent =
  | Envelope<'thread.created', ThreadRow>
  | Envelope<'thread.updated', ThreadRow & Changed>
  | Envelope<'thread.deleted', ThreadRow>
  | Envelope<'company.created', V2Company>
  | Envelope<'company.updated', V2Company & Changed>
  | Envelope<'company.deleted', V2Company>
  | Envelope<'contact.created', V2Contact>
  | Envelope<'message.created', V2Message>;

/** The envelope every event shares; `data` is checked as an object, its shape is the type's. */
export const webhookEnvelopeSchema = z.looseObject({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});

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

/** `limit` and `cursor` of the webhook lists. */
export const webhookListParamsSchema = z.strictObject({
  cursor: z.optional(z.string().check(z.minLength(1))),
  limit: z.optional(z.int().check(z.positive())),
});
export type WebhookListParams = z.infer<typeof webhookListParamsSchema>;
