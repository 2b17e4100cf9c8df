import type { SendMessageInput, ThreadUpdateSummary, UpdateThreadInput, V1Thread } from '@hearken/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { customerNeeds, messages, outbox, threads } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import { toThreadSummary, toV1Thread } from '../serialize/v1.ts';
import { toV2Message } from '../serialize/v2.ts';
import { recordEvent, recordThreadUpdate } from '../webhooks/events.ts';
import { findInWorkspace, findLinked, requireLive, requireReference } from './references.ts';
import { loadThreadRelations } from './thread-details.ts';

/** GET /insights/{id}: the v1 thread with its relations, and its messages when asked. */
export async function getThread(
  orm: Orm,
  workspaceId: string,
  id: string,
  withConversation: boolean,
): Promise<V1Thread> {
  const thread = await requireLive(orm, 'thread', workspaceId, id, 'Thread');
  return toV1Thread(thread, await loadThreadRelations(orm, thread, withConversation));
}

/**
 * PATCH /insights/{id}: changes the thread, links a new project through a customer need, and
 * queues the notifications asked for in the outbox, all in one transaction.
 */
export async function updateThread(
  orm: Orm,
  caller: Caller,
  id: string,
  input: UpdateThreadInput,
  at: Date,
): Promise<ThreadUpdateSummary> {
  const { workspaceId } = caller;
  const thread = await requireLive(orm, 'thread', workspaceId, id, 'Thread');
  const { notify, projectId, state, painLevel, ...text } = input;
  const updated = await orm.transaction(async (tx) => {
    if (projectId !== undefined) await requireReference(tx, 'project', workspaceId, projectId, 'projectId');
    const stateChanged = state !== undefined && state !== thread.state;
    const changes = {
      ...text,
      ...(painLevel !== undefined ? { painLevel } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(stateChanged ? { lastStateChangeAt: at } : {}),
      ...(projectId !== undefined ? { projectId } : {}),
    };
    if (Object.keys(changes).length === 0 && !notify?.chat && !notify?.email) return thread;
    const [row] = await tx
      .update(threads)
      .set({ ...changes, updatedAt: at })
      .where(and(eq(threads.id, thread.id), eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false)))
      .returning();
    // Deleted since it was read: the delete wins, and nothing is changed or queued.
    if (!row) throw new NotFoundError('Thread');
    if (projectId !== undefined && projectId !== thread.projectId) {
      await tx
        .insert(customerNeeds)
        .values({ id: newId(), workspaceId, threadId: thread.id, projectId, createdAt: at, updatedAt: at });
    }
    await recordThreadUpdate(tx, workspaceId, thread, at);
    // A held thread (suspected spam) tells no one until it is released.
    const channels =
      row.moderation === 'held' ? [] : (['chat', 'email'] as const).filter((channel) => notify?.[channel]);
    if (channels.length > 0) {
      // People are told by the delivery worker that drains the outbox, after this commits.
      await tx.insert(outbox).values(
        channels.map((channel) => ({
          id: newId(),
          workspaceId,
          kind: `thread.notify.${channel}`,
          payload: { threadId: thread.id, changes: Object.keys(changes), actorKeyId: caller.keyId },
          createdAt: at,
        })),
      );
    }
    return row;
  });
  const contact = await findLinked(orm, 'contact', workspaceId, updated.contactId);
  return toThreadSummary(updated, contact);
}

/**
 * POST /insights/{threadId}/messages: records an outbound message to the thread's contact, from
 * the key's member, and queues the email in the outbox. Returns the new message's id.
 */
export async function sendMessage(
  orm: Orm,
  caller: Caller,
  threadId: string,
  input: SendMessageInput,
  at: Date,
): Promise<{ messageId: string; threadId: string }> {
  const { workspaceId, memberId } = caller;
  const thread = await requireLive(orm, 'thread', workspaceId, threadId, 'Thread');
  const messageId = await orm.transaction(async (tx) => {
    // First, so a thread deleted since it was read is 404 and gets no message.
    const [live] = await tx
      .update(threads)
      .set({ lastOutboundMessageAt: at, updatedAt: at })
      .where(and(eq(threads.id, thread.id), eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false)))
      .returning({ id: threads.id });
    if (!live) throw new NotFoundError('Thread');
    const contact = await findLinked(tx, 'contact', workspaceId, thread.contactId);
    if (!contact) throw new ConflictError('The thread has no contact to send the message to');
    const sender = memberId ? await findInWorkspace(tx, 'member', workspaceId, memberId) : undefined;
    const [previous] = await tx
      .select({ subject: messages.subject })
      .from(messages)
      .where(and(eq(messages.threadId, thread.id), eq(messages.workspaceId, workspaceId)))
      .orderBy(desc(messages.date))
      .limit(1);
    const subject = previous?.subject ?? thread.title ?? 'Your feedback';
    const id = newId();
    const [message] = await tx
      .insert(messages)
      .values({
        id,
        workspaceId,
        threadId: thread.id,
        type: 'OUTBOUND',
        subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
        from: sender
          ? { name: sender.name, email: sender.email }
          : { name: 'Support', email: 'support@hearken.invalid' },
        to: [{ name: contact.name, email: contact.email }],
        cc: input.cc ?? [],
        bcc: input.bcc ?? [],
        attachments: input.attachments ?? [],
        textContent: input.content,
        htmlContent: null,
        channelId: input.channelId ?? null,
        messageId: `<${id}@hearken.invalid>`,
        userId: sender?.id ?? null,
        date: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordEvent(tx, workspaceId, 'message.created', toV2Message(message!), at);
    // The email itself goes out through the outbox, after this commits.
    await tx.insert(outbox).values({
      id: newId(),
      workspaceId,
      kind: 'message.send',
      payload: { messageId: id, threadId: thread.id },
      createdAt: at,
    });
    return id;
  });
  return { messageId, threadId: thread.id };
}
