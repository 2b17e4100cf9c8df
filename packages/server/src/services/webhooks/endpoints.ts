import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
} from '@hearken/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/open.ts';
import { webhookEndpoints } from '../../db/webhook-tables.ts';
import { invalidRequest, ServiceError } from '../../http/errors.ts';
import { isId, newId } from '../../ids.ts';
import type { WebhookEndpointRow } from '../../serialize/webhooks.ts';
import { webhookUrlProblem } from './address-policy.ts';
import { newWebhookSecret, ROTATION_OVERLAP_MS } from './secrets.ts';

/** What endpoint registration needs from the server's configuration. */
export interface EndpointPolicy {
  /** The development flag: http and loopback receivers are accepted. */
  allowLoopback: boolean;
}

async function checkUrl(url: string, policy: EndpointPolicy): Promise<void> {
  const problem = await webhookUrlProblem(url, policy.allowLoopback);
  if (problem) throw invalidRequest([{ path: 'url', message: problem }]);
}

/** Registers an endpoint; the row carries the new secret, which the caller shows once. */
export async function createEndpoint(
  orm: Orm,
  workspaceId: string,
  input: CreateWebhookInput,
  policy: EndpointPolicy,
  now: Date,
): Promise<WebhookEndpointRow> {
  await checkUrl(input.url, policy);
  return orm.transaction(async (tx) => {
    // Serialises registrations of one workspace, so the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${workspaceId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new ServiceError(
        409,
        'conflict',
        `A workspace may register at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`,
      );
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId(),
        workspaceId,
        url: input.url,
        description: input.description ?? null,
        events: [...new Set(input.events ?? WEBHOOK_EVENT_TYPES)],
        enabled: input.enabled ?? true,
        secret: newWebhookSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

export async function findEndpoint(orm: Orm, workspaceId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await orm
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  return row;
}

/** One page of endpoints, newest first, after the `(created_at, id)` position of a cursor. */
export async function listEndpoints(
  orm: Orm,
  workspaceId: string,
  limit: number,
  after: { at: string; id: string } | undefined,
): Promise<WebhookEndpointRow[]> {
  return orm
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        after
          ? sql`(${webhookEndpoints.createdAt}, ${webhookEndpoints.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(limit);
}

/** Applies the fields given; enabling clears the reason the service had turned it off. */
export async function updateEndpoint(
  orm: Orm,
  workspaceId: string,
  id: string,
  input: UpdateWebhookInput,
  policy: EndpointPolicy,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  if (input.url !== undefined) await checkUrl(input.url, policy);
  if (!isId(id)) return undefined;
  const [row] = await orm
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      events: input.events && [...new Set(input.events)],
      enabled: input.enabled,
      ...(input.enabled !== undefined ? { disabledReason: null } : {}),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning();
  return row;
}

/** Deletes the endpoint with its deliveries; true when it existed. */
export async function deleteEndpoint(orm: Orm, workspaceId: string, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await orm
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A new secret; the current one keeps signing alongside it for 24 hours. */
export async function rotateSecret(
  orm: Orm,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await orm
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      secret: newWebhookSecret(),
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    .returning();
  return row;
}
