import { randomUUID } from 'node:crypto';
import type { V2Thread, WebhookEventType } from '@hearken/core';
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/open.ts';
import { contacts, members } from '../db/schema.ts';
import type { CompanyRow, ThreadRow } from '../serialize/rows.ts';
import { threadRowsById } from '../serialize/thread-rows.ts';
import { toV2Company, toV2Thread } from '../serialize/v2.ts';

/**
 * Writes an event to the webhook outbox, with one pending delivery per enabled endpoint of the
 * workspace that subscribes to its type. Call it inside the transaction of the change it
 * describes: it commits with the change or not at all. Without a subscriber nothing is written.
 */
export async function recordEvent(
  orm: Orm,
  workspaceId: string,
  type: WebhookEventType,
  data: object,
  at: Date,
): Promise<void> {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
  const when = at.toISOString();
  await orm.execute(sql`
    with subscribers as (
      select id from webhook_endpoints
      where workspace_id = ${workspaceId} and enabled and ${type} = any(events)
    ), event as (
      insert into webhook_events (id, workspace_id, type, body, created_at)
      select ${id}, ${workspaceId}, ${type}, ${body}, ${when}::timestamptz
      where exists (select 1 from subscribers)
      returning id
    )
    insert into webhook_deliveries (id, workspace_id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
    select gen_random_uuid()::text, ${workspaceId}, subscribers.id, event.id, 'pending', 0, ${when}::timestamptz, ${when}::timestamptz
    from subscribers cross join event`);
}

/** The v2 field names whose values differ between two rows (`updated_at` aside). */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([key, value]) => key !== 'updated_at' && JSON.stringify(value) !== JSON.stringify(old[key]))
    .map(([key]) => key);
}

/**
 * The event for each thread of `before` (rows read before the change) whose row changed: a
 * released one is `thread.created` (receivers never heard of it as such), a newly held one
 * `thread.held`; one still held is announced by neither, any other is `thread.updated`.
 */
async function recordThreadUpdates(
  orm: Orm,
  workspaceId: string,
  before: Map<string, V2Thread>,
  at: Date,
): Promise<void> {
  const after = await threadRowsById(orm, workspaceId, [...before.keys()]);
  for (const [id, row] of after) {
    const old = before.get(id)!;
    const changed = changedFields(old, row);
    if (changed.length === 0) continue;
    if (old.moderation === 'held' && row.moderation === 'clear')
      await recordEvent(orm, workspaceId, 'thread.created', row, at);
    else if (row.moderation === 'held') {
      if (old.moderation !== 'held') await recordEvent(orm, workspaceId, 'thread.held', row, at);
    } else await recordEvent(orm, workspaceId, 'thread.updated', { ...row, changed_fields: changed }, at);
  }
}

/** Runs `change` on these threads and records the event of each whose v2 row it changed (`recordThreadUpdates`). */
export async function withThreadUpdates(
  orm: Orm,
  workspaceId: string,
  ids: string[],
  at: Date,
  change: () => Promise<unknown>,
): Promise<void> {
  const before = await threadRowsById(orm, workspaceId, ids);
  await change();
  await recordThreadUpdates(orm, workspaceId, before, at);
}

/** `thread.updated` for one thread, from its record as read before the change. */
export async function recordThreadUpdate(orm: Orm, workspaceId: string, before: ThreadRow, at: Date): Promise<void> {
  const [contact] = before.contactId ? await orm.select().from(contacts).where(eq(contacts.id, before.contactId)) : [];
  await recordThreadUpdates(orm, workspaceId, new Map([[before.id, toV2Thread(before, contact ?? null)]]), at);
}

/** `thread.deleted` for each of these threads, carrying its row as it was deleted. */
export async function recordThreadDeletes(orm: Orm, workspaceId: string, ids: string[], at: Date): Promise<void> {
  for (const row of (await threadRowsById(orm, workspaceId, ids)).values()) {
    await recordEvent(orm, workspaceId, 'thread.deleted', row, at);
  }
}

async function companyData(orm: Orm, row: CompanyRow) {
  const [owner] = row.ownerId ? await orm.select().from(members).where(eq(members.id, row.ownerId)) : [];
  return toV2Company(row, owner ?? null);
}

/** `company.created` or `company.deleted` (with the company as it was before deletion). */
export async function recordCompanyEvent(
  orm: Orm,
  type: 'company.created' | 'company.deleted',
  row: CompanyRow,
  at: Date,
): Promise<void> {
  await recordEvent(orm, row.workspaceId, type, await companyData(orm, row), at);
}

/** `company.updated` when the company's v2 row changed. */
export async function recordCompanyUpdate(orm: Orm, before: CompanyRow, after: CompanyRow, at: Date): Promise<void> {
  const [old, row] = [await companyData(orm, before), await companyData(orm, after)];
  const changed = changedFields(old, row);
  if (changed.length > 0)
    await recordEvent(orm, after.workspaceId, 'company.updated', { ...row, changed_fields: changed }, at);
}
