/** v2 thread metadata, messages and their attachments: bodies, rows, pages and list parameters. */
import * as z from 'zod/mini';
import {
  MESSAGE_MAX_ATTACHMENTS,
  METADATA_KEY_PATTERN,
  METADATA_MAX_ENTRIES,
  METADATA_VALUE_MAX_LENGTH,
} from '../constants.ts';
import { dateTime, text } from './common.ts';
import { pageInfoSchema, pageLimitParam, pageOf, pageParamsSchema } from './paging.ts';

/**
 * A thread's `metadata` as a create body carries it: at most 20 entries, keys 1-40 characters of
 * `[A-Za-z0-9_.-]`, string values of at most 500 characters. A failed key or value is reported
 * at `metadata.<key>`, so the message names the key.
 */
export const threadMetadataSchema = /*@__PURE__*/ z
  .record(
    /*@__PURE__*/ z
      .string()
      .check(/*@__PURE__*/ z.regex(METADATA_KEY_PATTERN, 'must be 1-40 characters of A-Z, a-z, 0-9, _, . or -')),
    /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.maxLength(METADATA_VALUE_MAX_LENGTH)),
  )
  .check(
    /*@__PURE__*/ z.refine((entries: object) => Object.keys(entries).length <= METADATA_MAX_ENTRIES, {
      error: `must have at most ${METADATA_MAX_ENTRIES} entries`,
    }),
  );
export type ThreadMetadata = z.output<typeof threadMetadataSchema>;

/** `metadata` of a thread row: `{}` when none was sent (and from a service that predates it). */
export const threadMetadataRowSchema = /*@__PURE__*/ z._default(
  /*@__PURE__*/ z.record(/*@__PURE__*/ z.string(), /*@__PURE__*/ z.string()),
  () => ({}),
);

/** A MIME type as `type/subtype` (parameters are not taken: the bytes are judged by the type alone). */
const contentType = /*@__PURE__*/ text(1, 255).check(
  /*@__PURE__*/ z.regex(/^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*$/, 'must be a MIME type such as image/png'),
);

/** One attachment of a message create body: its bytes as base64. */
export const attachmentInputSchema = /*@__PURE__*/ z.strictObject({
  name: /*@__PURE__*/ text(1, 255),
  content_type: contentType,
  content: /*@__PURE__*/ z.base64({ error: 'must be base64' }),
});
export type AttachmentInput = z.input<typeof attachmentInputSchema>;

/** `POST /api/v2/threads/{id}/messages`: `content` (may be HTML) and up to 5 attachments. */
export const createMessageInputSchema = /*@__PURE__*/ z.strictObject({
  content: /*@__PURE__*/ text(1),
  attachments: /*@__PURE__*/ z.optional(
    /*@__PURE__*/ z.array(attachmentInputSchema).check(/*@__PURE__*/ z.maxLength(MESSAGE_MAX_ATTACHMENTS)),
  ),
});
export type CreateMessageInput = z.input<typeof createMessageInputSchema>;

/** An attachment as a message row lists it: no bytes (`GET /api/v2/attachments/{id}` has them). */
export const attachmentInfoSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  content_type: /*@__PURE__*/ z.string(),
  size: /*@__PURE__*/ z.number(),
});
export type AttachmentInfo = z.output<typeof attachmentInfoSchema>;

/** A message as the v2 message operations return it. */
export const v2MessageRowSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  thread_id: /*@__PURE__*/ z.string(),
  content: /*@__PURE__*/ z.string(),
  attachments: /*@__PURE__*/ z.array(attachmentInfoSchema),
  created_at: dateTime,
});
export type V2MessageRow = z.output<typeof v2MessageRowSchema>;

export const messagePageSchema = /*@__PURE__*/ pageOf(v2MessageRowSchema, pageInfoSchema);
export type MessagePage = z.output<typeof messagePageSchema>;

/** The v2 client's `messages.list`: one page of a thread's messages. */
export const listMessagesParamsSchema = pageParamsSchema;
export type ListMessagesParams = z.input<typeof listMessagesParamsSchema>;

export const iterateMessagesParamsSchema = /*@__PURE__*/ z.strictObject({ limit: pageLimitParam });
export type IterateMessagesParams = z.input<typeof iterateMessagesParamsSchema>;

/** An attachment's stored bytes, as `GET /api/v2/attachments/{id}` answers them. */
export interface AttachmentContent {
  bytes: Uint8Array;
  /** The type it was stored with (the answer's Content-Type). */
  content_type: string;
}
