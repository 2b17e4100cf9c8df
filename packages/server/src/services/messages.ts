import type {
  AttachmentContent,
  CreateMessageInput,
  listMessagesQuerySchema,
  MessagePage,
  V2MessageRow,
} from '@hearken/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Caller } from '../caller.ts';
import type { Orm } from '../db/open.ts';
import { contacts, messageAttachments, messages, threads } from '../db/schema.ts';
import { InvalidInputError, NotFoundError } from '../errors.ts';
import { isId, newId } from '../ids.ts';
import { listPage, pager } from '../paging.ts';
import { type AttachmentInfoRow, toV2Message, toV2MessageRow } from '../serialize/v2.ts';
import { recordEvent } from '../webhooks/events.ts';
import { bytesMatchType } from './attachment-type.ts';

type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

/** What a cursor carries: the thread it pages through, so it cannot be used on another. */
const filtersSchema = z.strictObject({ thread: z.string() });

/** The attachments' bytes, decoded and checked against their declared types; 400 naming the first that does not match. */
async function decodeAttachments(input: CreateMessageInput) {
  const decoded = (input.attachments ?? []).map((attachment) => ({
    ...attachment,
    bytes: Buffer.from(attachment.content, 'base64'),
  }));
  for (const [index, attachment] of decoded.entries()) {
    if (!(await bytesMatchType(attachment.bytes, attachment.content_type))) {
      throw new InvalidInputError([
        {
          path: `attachments.${index}.content`,
          message: `the bytes of "${attachment.name}" are not of its content_type ${attachment.content_type}`,
        },
      ]);
    }
  }
  return decoded;
}

/**
 * POST /threads/{id}/messages: a message on the workspace's live thread (404 otherwise), its
 * attachments stored with their bytes, and `message.created` in the same transaction.
 */
export async function createMessage(
  orm: Orm,
  workspaceId: string,
  threadId: string,
  input: CreateMessageInput,
  now: Date,
): Promise<V2MessageRow> {
  if (!isId(threadId)) throw new NotFoundError('Thread');
  const attachments = await decodeAttachments(input);
  return orm.transaction(async (tx) => {
    // First, so a thread deleted (or of another workspace) is 404 and gets no message.
    const [thread] = await tx
      .update(threads)
      .set({ lastInboundMessageAt: now })
      .where(and(eq(threads.id, threadId), eq(threads.workspaceId, workspaceId), eq(threads.isDeleted, false)))
      .returning({ id: threads.id, contactId: threads.contactId });
    if (!thread) throw new NotFoundError('Thread');
    const [contact] = thread.contactId
      ? await tx
          .select({ name: contacts.name, email: contacts.email })
          .from(contacts)
          .where(eq(contacts.id, thread.contactId))
      : [];
    const [message] = await tx
      .insert(messages)
      .values({
        id: newId(),
        workspaceId,
        threadId: thread.id,
        type: 'INBOUND',
        from: contact ?? {},
        textContent: input.content,
        date: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const stored: AttachmentInfoRow[] = attachments.map((attachment) => ({
      id: newId(),
      name: attachment.name,
      contentType: attachment.content_type,
      size: attachment.bytes.length,
    }));
    if (stored.length > 0) {
      await tx.insert(messageAttachments).values(
        stored.map((info, position) => ({
          ...info,
          workspaceId,
          messageId: message!.id,
          position,
          content: attachments[position]!.bytes,
          createdAt: now,
        })),
      );
    }
    await recordEvent(tx, workspaceId, 'message.created', toV2Message(message!, stored), now);
    return toV2MessageRow(message!, stored);
  });
}

/** GET /threads/{id}/messages: one page of the live thread's messages, newest first. */
export async function listMessages(
  orm: Orm,
  caller: Caller,
  threadId: string,
  query: ListMessagesQuery,
): Promise<MessagePage> {
  const [thread] = isId(threadId)
    ? await orm
        .select({ id: threads.id })
        .from(threads)
        .where(and(eq(threads.id, threadId), eq(threads.workspaceId, caller.workspaceId), eq(threads.isDeleted, false)))
    : [];
  if (!thread) throw new NotFoundError('Thread');
  const page = await listPage(
    pager<{ thread: string }>(caller.signingSecret, filtersSchema),
    query,
    { thread: thread.id },
    {
      select: orm.select().from(messages).$dynamic(),
      table: messages,
      where: (filters) => {
        if (filters.thread !== thread.id) {
          throw new InvalidInputError([{ path: 'cursor', message: 'belongs to another thread' }], 'Invalid cursor');
        }
        return [
          eq(messages.threadId, thread.id),
          eq(messages.workspaceId, caller.workspaceId),
          eq(messages.isDeleted, false),
        ];
      },
      tableRow: (row) => row,
      show: (row) => row,
    },
  );
  const ids = page.data.map((row) => row.id);
  const infos =
    ids.length === 0
      ? []
      : await orm
          .select({
            id: messageAttachments.id,
            messageId: messageAttachments.messageId,
            name: messageAttachments.name,
            contentType: messageAttachments.contentType,
            size: messageAttachments.size,
          })
          .from(messageAttachments)
          .where(inArray(messageAttachments.messageId, ids))
          .orderBy(asc(messageAttachments.position));
  return {
    data: page.data.map((row) =>
      toV2MessageRow(
        row,
        infos.filter((info) => info.messageId === row.id),
      ),
    ),
    page: page.page,
  };
}

/** An attachment's bytes, for GET /attachments/{id}: the workspace's own, on a live message of a live thread. */
export async function getAttachment(
  orm: Orm,
  workspaceId: string,
  id: string,
): Promise<AttachmentContent & { name: string }> {
  const [row] = isId(id)
    ? await orm
        .select({
          name: messageAttachments.name,
          contentType: messageAttachments.contentType,
          content: messageAttachments.content,
        })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .innerJoin(threads, eq(threads.id, messages.threadId))
        .where(
          and(
            eq(messageAttachments.id, id),
            eq(messageAttachments.workspaceId, workspaceId),
            eq(messages.isDeleted, false),
            eq(threads.isDeleted, false),
          ),
        )
    : [];
  if (!row) throw new NotFoundError('Attachment');
  return { bytes: row.content, content_type: row.contentType, name: row.name };
}
