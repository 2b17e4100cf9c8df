import { and, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Orm } from '../db/open.ts';
import { outbox } from '../db/schema.ts';
import { threadRowsById } from '../serialize/thread-rows.ts';
import { recordEvent } from '../webhooks/events.ts';
import type { ClaimedRow } from './outbox-queue.ts';

const chatPayload = z.object({ threadId: z.string(), changes: z.array(z.string()) });

/** A v1 field name as v2 spells it (`painLevel` -> `pain_level`). */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * `thread.notify.chat`: the reference server has no chat, so it emits the webhook event of that
 * name (the v2 thread and its `changed_fields`) for a chat bridge to pick up, and marks the row
 * finished in the same transaction: the event is written once. Returns false when the claim was
 * lost to another worker (which then emits it).
 */
export async function emitChatNotification(orm: Orm, row: ClaimedRow, at: Date): Promise<boolean> {
  const parsed = chatPayload.safeParse(row.payload);
  const threadId = parsed.success ? parsed.data.threadId : undefined;
  const thread = threadId ? (await threadRowsById(orm, row.workspaceId, [threadId])).get(threadId) : undefined;
  return orm.transaction(async (tx) => {
    const finished = await tx
      .update(outbox)
      .set({ deliveredAt: at, outcome: thread ? 'emitted' : 'no_recipient', nextAttemptAt: null, lastError: null })
      .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), isNull(outbox.deliveredAt)))
      .returning({ id: outbox.id });
    if (finished.length === 0 || !thread || !parsed.success) return false;
    const changed = parsed.data.changes.map(snake).filter((name) => name !== 'last_state_change_at');
    await recordEvent(tx, row.workspaceId, 'thread.notify.chat', { ...thread, changed_fields: changed }, at);
    return true;
  });
}
