import type { V2Contact, V2Message, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@hearken/core';
import type { webhookDeliveries, webhookEndpoints } from '../db/webhook-tables.ts';
import { type ContactRow, iso, isoOrNull, type MessageRow } from './rows.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function toV2Contact(row: ContactRow): V2Contact {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company_id: row.companyId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function toV2Message(row: MessageRow): V2Message {
  return {
    id: row.id,
    thread_id: row.threadId,
    type: row.type,
    subject: row.subject,
    from: row.from,
    to: row.to as unknown[],
    cc: row.cc as unknown[],
    text_content: row.textContent,
    html_content: row.htmlContent,
    date: iso(row.date),
    created_at: iso(row.createdAt),
  };
}

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
