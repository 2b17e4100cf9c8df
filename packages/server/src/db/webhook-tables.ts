/**
 * Webhook tables: registered endpoints, the outbox of events (written in the same transaction as
 * the change each describes), and one delivery row per event and endpoint that the delivery
 * worker claims, sends and reschedules.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { parentRef, scopedId, time } from './schema.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...scopedId(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the service turned it off (`gone`: the receiver answered 410); null when a caller did. */
    disabledReason: text('disabled_reason'),
    /** `whsec_` + base64. Kept in the clear: signing needs it. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: time('previous_secret_expires_at'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [index('webhook_endpoints_list').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The `webhook-id` of every delivery of this event (`msg_…`). */
    ...scopedId(),
    type: text('type').notNull(),
    /** The exact JSON sent, so every attempt carries (and signs) the same bytes. */
    body: text('body').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('webhook_events_workspace').on(t.workspaceId, t.createdAt),
    // Retention finds old events across every workspace.
    index('webhook_events_created').on(t.createdAt),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...scopedId(),
    endpointId: parentRef('endpoint_id', () => webhookEndpoints.id),
    eventId: parentRef('event_id', () => webhookEvents.id),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may next claim it; a claim moves it past the attempt's timeout (a lease). */
    nextAttemptAt: time('next_attempt_at'),
    lastAttemptAt: time('last_attempt_at'),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    // Retention asks whether an event has a delivery still pending, and its delete cascades here.
    index('webhook_deliveries_event').on(t.eventId),
  ],
);
