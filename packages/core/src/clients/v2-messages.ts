import { PROXY_RECEIPT_HEADER, PROXY_TICKET_HEADER } from '../contract/constants.ts';
import {
  type AttachmentContent,
  type AttachmentInput,
  type CreateMessageInput,
  type IterateMessagesParams,
  iterateMessagesParamsSchema,
  type ListMessagesParams,
  listMessagesParamsSchema,
  type MessagePage,
  type V2MessageRow,
} from '../contract/schemas/messages.ts';
import type { CreateThreadInput, V2Thread } from '../contract/schemas/v2.ts';
import { validateInput } from '../contract/validate.ts';
import * as operations from '../operations/messages.ts';
import { v2CreateThreadOperation } from '../operations/v2.ts';
import type { CallOptions, IdempotentCallOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { followCursor } from './paging.ts';

/** Call options of `createMessage`: a write's, and the key proxy's ticket for the thread. */
export interface MessageCallOptions extends IdempotentCallOptions {
  /**
   * The ticket the key proxy handed out with the thread (`createThreadWithTicket`), sent as
   * `X-Hearken-Ticket`; the proxy refuses a message without it. The service itself needs none.
   */
  ticket?: string | undefined;
}

/**
 * `POST /api/v2/threads/{id}/messages` over `connection`: the v2 client's `messages.create`, for
 * code that makes no other v2 call (a page adding a screenshot through the key proxy, with the
 * thread's `ticket`). Bad input rejects with `RequestValidationError` naming the field, and nothing
 * is sent; each call gets its own Idempotency-Key unless `options.idempotencyKey` gives one.
 */
export async function createMessage(
  connection: Call,
  threadId: string,
  input: CreateMessageInput,
  { ticket, ...options }: MessageCallOptions = {},
): Promise<V2MessageRow> {
  const headers = ticket === undefined ? options.headers : { ...options.headers, [PROXY_TICKET_HEADER]: ticket };
  return connection(
    operations.v2CreateMessageOperation,
    { params: { id: threadId }, body: input },
    { ...options, headers },
  );
}

/** A thread created through the key proxy, and the ticket that lets messages be added to it. */
export interface TicketedThread {
  thread: V2Thread;
  /** The proxy's `X-Hearken-Ticket` answer header; undefined when it sent none (messages off, or the service itself). */
  ticket: string | undefined;
  /** The proxy's `X-Hearken-Receipt` answer header (reading the thread back, taking an upvote back); undefined when it sent none. */
  receipt: string | undefined;
}

/**
 * `POST /api/v2/threads` over `connection`, like `createThread`, also returning the key proxy's
 * message ticket for the new thread (valid one hour): pass it to `createMessage` as `ticket`. A
 * replayed answer (same Idempotency-Key) carries a ticket too. Also the proxy's receipt, when it gives one.
 */
export async function createThreadWithTicket(
  connection: Call,
  input: CreateThreadInput,
  options?: IdempotentCallOptions,
): Promise<TicketedThread> {
  let ticket: string | undefined;
  let receipt: string | undefined;
  const thread = await connection(v2CreateThreadOperation, { body: input }, options, (body, headers) => {
    ticket = headers.get(PROXY_TICKET_HEADER) ?? undefined;
    receipt = headers.get(PROXY_RECEIPT_HEADER) ?? undefined;
    return body;
  });
  return { thread, ticket, receipt };
}

/**
 * An attachment of a message body from its bytes (base64-encoded here). The service checks the
 * bytes against `contentType`; the key proxy takes one PNG, JPEG or WebP image only.
 */
export function attachmentFromBytes(name: string, contentType: string, bytes: Uint8Array): AttachmentInput {
  let binary = '';
  // In slices: one call with every byte as an argument overflows the stack for a large image.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return { name, content_type: contentType, content: btoa(binary) };
}

/** `client.messages` of the v2 client: writing needs `messages:write`, reading `threads:read`. */
export interface V2MessagesClient {
  /** Adds a message (with up to 5 attachments) to a thread. Sent with an Idempotency-Key (a new one unless given). */
  create(threadId: string, input: CreateMessageInput, options?: MessageCallOptions): Promise<V2MessageRow>;
  /** One page of a thread's messages, newest first; pass `page.cursor` back as `cursor` for the next. */
  list(threadId: string, params?: ListMessagesParams, options?: CallOptions): Promise<MessagePage>;
  /** Every message of a thread, page after page, each exactly once. */
  iterate(threadId: string, params?: IterateMessagesParams, options?: CallOptions): AsyncIterable<V2MessageRow>;
  /** An attachment's stored bytes and content type. */
  getAttachment(attachmentId: string, options?: CallOptions): Promise<AttachmentContent>;
}

/** The messages part of the v2 client, over its `call`. */
export function createV2MessagesClient(call: Call): V2MessagesClient {
  const list: V2MessagesClient['list'] = async (threadId, params = {}, options) =>
    call(
      operations.v2ListMessagesOperation,
      { params: { id: threadId }, query: validateInput(listMessagesParamsSchema, params) },
      options,
    );

  async function* iterate(
    threadId: string,
    params: IterateMessagesParams = {},
    options?: CallOptions,
  ): AsyncGenerator<V2MessageRow> {
    const { limit } = validateInput(iterateMessagesParamsSchema, params);
    yield* followCursor(operations.v2ListMessagesOperation, (cursor) =>
      list(threadId, cursor ? { cursor, limit } : { limit }, options),
    );
  }

  return {
    create: (threadId, input, options) => createMessage(call, threadId, input, options),
    list,
    iterate,
    getAttachment: async (attachmentId, options) =>
      call(operations.v2GetAttachmentOperation, { params: { id: attachmentId } }, options),
  };
}
