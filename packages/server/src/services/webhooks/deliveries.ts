import { and, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/open.ts';
import { webhookDeliveries, webhookEvents } from '../../db/webhook-tables.ts';
import { isId, newId } from '../../ids.ts';
import type { WebhookDeliveryRow } from '../../serialize/webhooks.ts';

export interface DeliveryWithType {
  delivery: WebhookDeliveryRow;
  eventType: string;
}

/** One page of an endpoint's deliveries, newest first. */
export async function listDeliveries(
  orm: Orm,
  endpointId: string,
  limit: number,
  after: { at: string; id: string } | undefined,
): Promise<DeliveryWithType[]> {
  return orm
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        after
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/**
 * Sends an event to the endpoint again, as a new delivery of the same event: same `webhook-id`
 * and body, so a receiver that already has it can tell. The earlier delivery keeps its history.
 */
export async function redeliver(
  orm: Orm,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<DeliveryWithType | undefined> {
  if (!isId(deliveryId)) return undefined;
  const [found] = await orm
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!found) return undefined;
  const [delivery] = await orm
    .insert(webhookDeliveries)
    .values({
      id: newId(),
      workspaceId: found.delivery.workspaceId,
      endpointId,
      eventId: found.delivery.eventId,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return { delivery: delivery!, eventType: found.eventType };
}
