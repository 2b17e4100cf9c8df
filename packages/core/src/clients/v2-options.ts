import {
  type CreateThreadInput,
  createThreadInputSchema,
  type ThreadRow,
  threadRowSchema,
} from '../contract/schemas/v2-thread.ts';
import { type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import { createTransport } from '../transport/http.ts';
import type { IdempotentCallOptions, TransportOptions } from '../transport/options.ts';
import { type Call, checkV2Key, createCall } from './call.ts';

export interface V2ClientOptions extends TransportOptions, ResponseValidationOptions {
  /**
   * A v2 key (`cfs_v2_...`), sent as `Authorization: Bearer`. Optional: a browser talks to the key
   * proxy without one (and may send its own `headers`, e.g. an identity token).
   */
  apiKey?: string | undefined;
}

/** `threads.create` of the v2 client. */
export type CreateThread = (input: CreateThreadInput, options?: IdempotentCallOptions) => Promise<ThreadRow>;

/** The one v2 `Call` of a client: key prefix checked, key sent as a bearer token after `headers`. */
export function createV2Call(options: V2ClientOptions): Call {
  checkV2Key(options.apiKey);
  const headers = { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  return createCall(createTransport({ ...options, headers }), options);
}

/** `POST /api/v2/threads` over `call`; each call gets its own Idempotency-Key unless one is given. */
export const createThread =
  (call: Call): CreateThread =>
  async (input, options) =>
    call(
      { method: 'POST', path: '/api/v2/threads', body: validateInput(createThreadInputSchema, input) },
      threadRowSchema,
      options,
    );
