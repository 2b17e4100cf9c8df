import type { CreateThreadInput, ThreadRow } from '../contract/schemas/v2.ts';
import { v2CreateThreadOperation } from '../operations/v2.ts';
import type { IdempotentCallOptions } from '../transport/options.ts';
import type { V2Connection } from './v2-connection.ts';

/** `threads.create` of the v2 client. */
export type CreateThread = (input: CreateThreadInput, options?: IdempotentCallOptions) => Promise<ThreadRow>;

/**
 * `POST /api/v2/threads` over `connection`: the v2 client's `threads.create`, for code that makes
 * no other v2 call (a page sending feedback through the key proxy, which forwards only this one).
 * Bad input rejects with `RequestValidationError` naming the field, and nothing is sent; each call
 * gets its own Idempotency-Key unless `options.idempotencyKey` gives one, kept across its retries.
 */
export async function createThread(
  connection: V2Connection,
  input: CreateThreadInput,
  options?: IdempotentCallOptions,
): Promise<ThreadRow> {
  return connection(v2CreateThreadOperation, { body: input }, options);
}
