import type { WebhookDelivery, WebhookDeliveryPage } from '@hearken/core';
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { webhookDeliveries, webhookEvents } from '../db/webhook-tables.ts';
import { NotFoundError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { listPage, pager } from '../paging.ts';
import { endpointRow, type WebhookListQuery } from './endpoints.ts';
import { toWebhookDelivery } from './serialize.ts';

/** Deliveries with the type of their event. */
const withEventType = (orm: Orm) =>
  orm
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId));

/** GET /webhooks/{id}/deliveries: one page of the endpoint's deliveries, newest first. */
export async function listDeliveries(
  orm: Orm,
  caller: Caller,
  endpointId: string,
  query: WebhookListQuery,
): Promise<WebhookDeliveryPage> {
  const endpoint = await endpointRow(orm, caller.workspaceId, endpointId);
  return listPage(
    pager(caller.signingSecret),
    query,
    {},
    {
      select: withEventType(orm).$dynamic(),
      table: webhookDeliveries,
      where: () => [eq(webhookDeliveries.endpointId, endpoint.id)],
      tableRow: (row) => row.delivery,
      show: (row) => toWebhookDelivery(row.delivery, row.eventType),
    },
  );
}

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/redeliver: sends an event to the endpoint again, as
 * a new delivery of the same event: same `webhook-id` and body, so a receiver that already has it
 * can tell. The earlier delivery keeps its history.
 */
export async function redeliver(
  orm: Orm,
  workspaceId: string,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery> {
  const endpoint = await endpointRow(orm, workspaceId, endpointId);
  const [found] = isId(deliveryId)
    ? await withEventType(orm).where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)),
      )
    : [];
  if (!found) throw new NotFoundError('Webhook delivery');
  const [delivery] = await orm
    .insert(webhookDeliveries)
    .values({
      id: newId(),
      workspaceId: found.delivery.workspaceId,
      endpointId: endpoint.id,
      eventId: found.delivery.eventId,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return toWebhookDelivery(delivery!, found.eventType);
}
