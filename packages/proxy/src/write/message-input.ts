import {
  createMessageInputSchema,
  findUnstorable,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  safeParse,
} from '@hearken/core';
import { jsonObject } from '../http/body.ts';

/** A message as the proxy forwards it: text, and at most one image checked by its bytes. */
export interface ProxiedMessage {
  content: string;
  attachments?: { name: string; content_type: string; content: string }[];
}

export type MessageInputResult =
  | { ok: true; message: ProxiedMessage }
  | { ok: false; field: string; message: string; code?: 'payload_too_large' };

const fail = (field: string, message: string, code?: 'payload_too_large'): MessageInputResult => ({
  ok: false,
  field,
  message,
  ...(code ? { code } : {}),
});

/**
 * Parses a widget's message body: `content` as a thread's text (non-empty, no NUL) and at most
 * one attachment, a PNG, JPEG or WebP image of at most `maxImageBytes`, whose bytes are the
 * image its `content_type` says and nothing more. Anything else is refused by name.
 */
export async function parseMessageInput(text: string, maxImageBytes: number): Promise<MessageInputResult> {
  const value = jsonObject(text);
  if (!value) return fail('body', 'body must be a JSON object');
  // What the service cannot store (NUL, a lone surrogate, a nested `__proto__`), at any depth: refused here, at no call.
  const unstorable = findUnstorable(value);
  if (unstorable) return fail(unstorable.path, `${unstorable.path}: ${unstorable.message}`);
  const checked = safeParse(createMessageInputSchema, value);
  if (!checked.success) {
    const issue = checked.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    return fail(field, `${field}: ${issue?.message ?? 'invalid value'}`);
  }
  const { content, attachments = [] } = checked.data;
  if (content.trim() === '') return fail('content', 'content is required');
  if (attachments.length > 1) return fail('attachments', 'attachments: one image per message');
  const [image] = attachments;
  if (!image) return { ok: true, message: { content } };
  const bytes = fromBase64(image.content);
  if (bytes.length > maxImageBytes) {
    return fail(
      'attachments.0.content',
      `attachments.0.content: must be at most ${maxImageBytes} bytes`,
      'payload_too_large',
    );
  }
  // Loaded with the first image: a proxy taking no screenshots never loads file-type at all.
  const { checkImage } = await import('./image-check.ts');
  const result = await checkImage(bytes);
  if (!result.ok) return fail('attachments.0.content', `attachments.0.content ${result.message}`);
  if (image.content_type.toLowerCase() !== result.type) {
    return fail('attachments.0.content_type', `attachments.0.content_type: the bytes are ${result.type}`);
  }
  // The bytes as checked, metadata dropped: what the image check judged is what is forwarded.
  return {
    ok: true,
    message: { content, attachments: [{ ...image, content_type: result.type, content: toBase64(result.bytes) }] },
  };
}

/** Base64 (checked by the schema) as bytes, with what every runtime the proxy runs on has. */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Bytes as base64, with what every runtime the proxy runs on has. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

/** An Idempotency-Key header as a write may carry it: null when absent, false when malformed. */
export function idempotencyKeyOf(header: string | null): string | null | false {
  if (header === null) return null;
  return IDEMPOTENCY_KEY_PATTERN.test(header) ? header : false;
}

export const IDEMPOTENCY_MESSAGE = `${IDEMPOTENCY_KEY_HEADER} must be 1-255 visible ASCII characters`;
