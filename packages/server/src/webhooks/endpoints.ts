import {
  type CreateWebhookInput,
  type UpdateWebhookInput,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointPage,
  type WebhookEndpointWithSecret,
  type webhookListQuerySchema,
} from '@hearken/core';
import { and, count, eq, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { webhookEndpoints } from '../db/webhook-tables.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { listPage, pager } from '../paging.ts';
import { webhookUrlProblem } from './address-policy.ts';
import { newWebhookSecret, ROTATION_OVERLAP_MS } from './secrets.ts';
import { toWebhookEndpoint, type WebhookEndpointRow } from './serialize.ts';

/** The query of every webhook list: `limit` and `cursor`. */
export type WebhookListQuery = z.output<typeof webhookListQuerySchema>;

/** What endpoint registration needs from the server's configuration. */
export interface EndpointPolicy {
  /** The development flag: http and loopback receivers are accepted. */
  allowLoopback: boolean;
}

async function checkUrl(url: string, policy: EndpointPolicy): Promise<void> {
  const problem = await webhookUrlProblem(url, policy.allowLoopback);
  if (problem) throw new InvalidInputError([{ path: 'url', message: problem }]);
}

/** POST /webhooks: registers an endpoint; the answer carries the new secret, shown this once. */
export async function createEndpoint(
  orm: Orm,
  workspaceId: string,
  input: CreateWebhookInput,
  policy: EndpointPolicy,
  now: Date,
): Promise<WebhookEndpointWithSecret> {
  await checkUrl(input.url, policy);
  return orm.transaction(async (tx) => {
    // Serialises registrations of one workspace, so the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${workspaceId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new ConflictError(`A workspace may register at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`);
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
    return withSecret(row!, now);
  });
}

const withSecret = (row: WebhookEndpointRow, now: Date): WebhookEndpointWithSecret => ({
  ...toWebhookEndpoint(row, now),
  secret: row.secret,
});

const found = (row: WebhookEndpointRow | undefined): WebhookEndpointRow => {
  if (!row) throw new NotFoundError('Webhook endpoint');
  return row;
};

/** The workspace's endpoint row with this id, or NotFoundError. */
export async function endpointRow(orm: Orm, workspaceId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = isId(id)
    ? await orm
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
    : [];
  return found(row);
}

/** GET /webhooks/{id}. */
export async function getEndpoint(orm: Orm, workspaceId: string, id: string, now: Date): Promise<WebhookEndpoint> {
  return toWebhookEndpoint(await endpointRow(orm, workspaceId, id), now);
}

/** GET /webhooks: one page of the workspace's endpoints, newest first. */
export async function listEndpoints(
  orm: Orm,
  caller: Caller,
  query: WebhookListQuery,
  now: Date,
): Promise<WebhookEndpointPage> {
  return listPage(
    pager(caller.signingSecret),
    query,
    {},
    {
      select: orm.select().from(webhookEndpoints).$dynamic(),
      table: webhookEndpoints,
      where: () => [eq(webhookEndpoints.workspaceId, caller.workspaceId)],
      tableRow: (row) => row,
      show: (row) => toWebhookEndpoint(row, now),
    },
  );
}

/** PATCH /webhooks/{id}: applies the fields given; enabling clears the reason the service had turned it off. */
export async function updateEndpoint(
  orm: Orm,
  workspaceId: string,
  id: string,
  input: UpdateWebhookInput,
  policy: EndpointPolicy,
  now: Date,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkUrl(input.url, policy);
  if (!isId(id)) throw new NotFoundError('Webhook endpoint');
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
  return toWebhookEndpoint(found(row), now);
}

/** DELETE /webhooks/{id}: the endpoint goes with its deliveries. */
export async function deleteEndpoint(orm: Orm, workspaceId: string, id: string): Promise<undefined> {
  const [row] = isId(id)
    ? await orm
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
        .returning({ id: webhookEndpoints.id })
    : [];
  if (!row) throw new NotFoundError('Webhook endpoint');
  return undefined;
}

/** POST /webhooks/{id}/rotate-secret: a new secret; the current one keeps signing alongside it for 24 hours. */
export async function rotateSecret(
  orm: Orm,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<WebhookEndpointWithSecret> {
  if (!isId(id)) throw new NotFoundError('Webhook endpoint');
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
  return withSecret(found(row), now);
}
