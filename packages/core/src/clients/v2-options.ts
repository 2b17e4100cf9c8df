import {
  type CreateThreadInput,
  createThreadInputSchema,
  idempotencyKeySchema,
  type ThreadRow,
  threadRowSchema,
} from '../contract/schemas/v2-thread.ts';
import { type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import type { CallOptions, Transport, TransportOptions } from '../transport/http.ts';
import { newIdempotencyKey } from '../transport/idempotency.ts';
import { type Call, checkV2Key, createCall } from './call.ts';

// The parts of the v2 client that `threads.create` needs, apart from the rest of it, so that
// `createFeedbackClient` (and a browser bundle using only it) carries no list, bulk or company code.

export interface V2ClientOptions extends TransportOptions, ResponseValidationOptions {
  /**
   * A v2 key (`cfs_v2_...`), sent as `Authorization: Bearer`. Optional: a browser talks to the key
   * proxy without one (and may send its own `headers`, e.g. an identity token).
   */
  apiKey?: string | undefined;
}

/** Call options of a POST that may be repeated safely when it carries an Idempotency-Key. */
export interface IdempotentCallOptions extends CallOptions {
  /** Sent as the Idempotency-Key header; the same key is reused by every retry of the call. */
  idempotencyKey?: string | undefined;
}

/** `threads.create` of the v2 client. */
export type CreateThread = (input: CreateThreadInput, options?: IdempotentCallOptions) => Promise<ThreadRow>;

/**
 * The one v2 `Call` of a client over the transport `transport` makes (paced or not): key prefix
 * checked, key sent as a bearer token after `headers`.
 */
export function createV2Call(options: V2ClientOptions, transport: (options: TransportOptions) => Transport): Call {
  checkV2Key(options.apiKey);
  const headers = { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  return createCall(transport({ ...options, headers }), options);
}

/** An Idempotency-Key header, the key checked first. */
export const idempotencyHeader = (key: string) => ({
  'idempotency-key': validateInput(idempotencyKeySchema, key, 'idempotencyKey'),
});

/** `POST /api/v2/threads` over `call`; each call gets its own Idempotency-Key unless one is given. */
export const createThread =
  (call: Call): CreateThread =>
  async (input, { idempotencyKey, ...callOptions } = {}) =>
    call(
      {
        method: 'POST',
        path: '/api/v2/threads',
        body: validateInput(createThreadInputSchema, input),
        headers: idempotencyHeader(idempotencyKey ?? newIdempotencyKey()),
      },
      threadRowSchema,
      callOptions,
    );
