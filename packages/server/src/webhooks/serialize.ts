import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@hearken/core';
import type { webhookDeliveries, webhookEndpoints } from '../db/webhook-tables.ts';
import { iso, isoOrNull } from '../serialize/rows.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as the API shows it: never its secrets. */
export function toWebhookEndpoint(row: WebhookEndpointRow, now: Date): WebhookEndpoint {
  const previousLive = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: previousLive ? isoOrNull(row.previousSecretExpiresAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow, eventType: string): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    last_response_status: row.lastResponseStatus,
    last_attempt_at: isoOrNull(row.lastAttemptAt),
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? isoOrNull(row.nextAttemptAt) : null,
    created_at: iso(row.createdAt),
  };
}
