import { createMessageInputSchema, messagePageSchema, v2MessageRowSchema } from '../contract/schemas/messages.ts';
import { idParamsSchema, listMessagesQuerySchema } from '../contract/schemas/params.ts';
import { defineOperation } from './operation.ts';

// v2 messages of a thread and their attachments: writing needs `messages:write`, reading `threads:read`.

const THREAD_MESSAGES_PATH = '/api/v2/threads/{id}/messages';

export const v2CreateMessageOperation = /*@__PURE__*/ defineOperation({
  id: 'v2CreateMessage',
  generation: 'v2',
  method: 'POST',
  path: THREAD_MESSAGES_PATH,
  summary: 'Add a message to a thread',
  description:
    '`content` may be HTML; up to 5 `attachments`, each `{name, content_type, content}` with the bytes as base64. The bytes must be of their `content_type` (400 naming the attachment otherwise); a body over 8 MB is 413. Sends the `message.created` webhook event.',
  params: idParamsSchema,
  body: createMessageInputSchema,
  status: 201,
  output: v2MessageRowSchema,
  scope: 'messages:write',
  errors: [404],
});

export const v2ListMessagesOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListMessages',
  generation: 'v2',
  method: 'GET',
  path: THREAD_MESSAGES_PATH,
  summary: "List a thread's messages",
  description: 'Newest first, as every v2 list; `limit` gives the page size and the opaque `cursor` the next page.',
  params: idParamsSchema,
  query: listMessagesQuerySchema,
  status: 200,
  output: messagePageSchema,
  scope: 'threads:read',
  errors: [404],
});

export const v2GetAttachmentOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetAttachment',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/attachments/{id}',
  summary: "An attachment's bytes",
  description:
    'The stored bytes with their content type, as a download (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`).',
  params: idParamsSchema,
  status: 200,
  binary: true,
  scope: 'threads:read',
  errors: [404],
});

/** The message operations, in registration order. */
export const messageOperations = [v2CreateMessageOperation, v2ListMessagesOperation, v2GetAttachmentOperation] as const;
