import { sendMessageInputSchema, updateThreadInputSchema } from '@hearken/core';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { customerNeeds, messages, outbox, threads } from '../../db/schema.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound, ServiceError } from '../../http/errors.ts';
import { parseBooleanQuery } from '../../http/query.ts';
import { readBody } from '../../http/validate.ts';
import { newId } from '../../ids.ts';
import { toThreadSummary, toV1Thread } from '../../serialize/v1.ts';
import { toV2Message } from '../../serialize/webhooks.ts';
import { findInWorkspace, findLinked, requireReference } from '../../services/references.ts';
import { loadThreadRelations } from '../../services/thread-details.ts';
import { recordEvent, recordThreadUpdate } from '../../services/webhooks/events.ts';

/** v1 threads, under their v1 name `insights`. */
export function insightRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:id', async (c) => {
    const include = c.req.query('includeConversation');
    const withConversation = include !== undefined && parseBooleanQuery(include, 'includeConversation');
    const thread = await findInWorkspace(c.var.services.db.orm, 'thread', c.var.caller.workspaceId, c.req.param('id'));
    if (!thread) throw notFound('Thread');
    return c.json(toV1Thread(thread, await loadThreadRelations(c.var.services.db.orm, thread, withConversation)));
  });

  app.patch('/:id', async (c) => {
    const { db, now } = c.var.services;
    const { workspaceId } = c.var.caller;
    const thread = await findInWorkspace(db.orm, 'thread', workspaceId, c.req.param('id'));
    if (!thread) throw notFound('Thread');
    const { notify, projectId, state, painLevel, ...text } = await readBody(c, updateThreadInputSchema);
    const at = now();
    const updated = await db.orm.transaction(async (tx) => {
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
        .where(and(eq(threads.id, thread.id), eq(threads.workspaceId, workspaceId)))
        .returning();
      if (projectId !== undefined && projectId !== thread.projectId) {
        await tx
          .insert(customerNeeds)
          .values({ id: newId(), workspaceId, threadId: thread.id, projectId, createdAt: at, updatedAt: at });
      }
      await recordThreadUpdate(tx, workspaceId, thread, at);
      const channels = (['chat', 'email'] as const).filter((channel) => notify?.[channel]);
      if (channels.length > 0) {
        // People are told by the delivery worker that drains the outbox, after this commits.
        await tx.insert(outbox).values(
          channels.map((channel) => ({
            id: newId(),
            workspaceId,
            kind: `thread.notify.${channel}`,
            payload: { threadId: thread.id, changes: Object.keys(changes), actorKeyId: c.var.caller.keyId },
            createdAt: at,
          })),
        );
      }
      return row!;
    });
    const contact = await findLinked(db.orm, 'contact', workspaceId, updated.contactId);
    return c.json(toThreadSummary(updated, contact));
  });

  app.post('/:threadId/messages', async (c) => {
    const { db, now } = c.var.services;
    const { workspaceId, memberId } = c.var.caller;
    const thread = await findInWorkspace(db.orm, 'thread', workspaceId, c.req.param('threadId'));
    if (!thread) throw notFound('Thread');
    const input = await readBody(c, sendMessageInputSchema);
    const at = now();
    const messageId = await db.orm.transaction(async (tx) => {
      const contact = await findLinked(tx, 'contact', workspaceId, thread.contactId);
      if (!contact) throw new ServiceError(409, 'conflict', 'The thread has no contact to send the message to');
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
      await tx
        .update(threads)
        .set({ lastOutboundMessageAt: at, updatedAt: at })
        .where(and(eq(threads.id, thread.id), eq(threads.workspaceId, workspaceId)));
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
    return c.json({ messageId, threadId: thread.id }, 201);
  });

  return app;
}
