import { errorReply, invalidField } from './envelope.ts';
import type { BodyResult, Outcome, ProxyRequest } from './exchange.ts';

// Decoding keeps no state between calls (no `stream` option), so one decoder serves every request.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body's JSON when it is an object, else `undefined` (the caller refuses it as `body`). */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a declared Content-Length already rules the body out. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return Number(contentLength ?? Number.NaN) > limit;
}

/** Joins the chunks read (`size` bytes in all) and decodes them. */
export function decodeChunks(chunks: readonly Uint8Array[], size: number): BodyResult {
  let bytes: Uint8Array;
  if (chunks.length === 1 && chunks[0]) bytes = chunks[0];
  else {
    bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}

/** Reads a Fetch request body, stopping as soon as it exceeds `limit` bytes. */
export async function readLimitedBody(request: Request, limit: number): Promise<BodyResult> {
  if (declaredTooLarge(request.headers.get('content-length'), limit)) return { ok: false, reason: 'too_large' };
  if (!request.body) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      return { ok: false, reason: 'aborted' };
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  return decodeChunks(chunks, size);
}

const JSON_TYPE = /^application\/json\b/i;

/**
 * The body of a JSON request as text, or why there is none to read: 415 for another content type,
 * 413 over `maxBytes`, 400 for bytes that are not UTF-8, and no answer anyone reads for a client
 * that hung up mid-body.
 */
export async function readJsonText(
  request: ProxyRequest,
  maxBytes: number,
  requestId: string,
): Promise<string | Outcome> {
  if (!JSON_TYPE.test(request.header('content-type') ?? '')) {
    return {
      reply: errorReply('unsupported_media_type', 'Content-Type must be application/json', requestId),
      reason: 'content_type',
    };
  }
  const body = await request.text(maxBytes);
  if (body.ok) return body.text;
  switch (body.reason) {
    case 'aborted':
      return {
        reply: errorReply('client_closed', 'The client hung up mid-body', requestId),
        reason: 'client_aborted',
        quiet: true,
      };
    case 'too_large':
      return {
        reply: errorReply('payload_too_large', `Body exceeds ${maxBytes} bytes`, requestId),
        reason: 'too_large',
      };
    default:
      return { reply: invalidField('body', 'body must be UTF-8 JSON', requestId), reason: 'invalid_body' };
  }
}
