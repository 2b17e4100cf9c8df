import * as z from 'zod/mini';
import { RECEIPT_AUTH_SCHEME, RECEIPTS_MAX } from '../contract/constants.ts';
import { text } from '../contract/schemas/common.ts';
import { type ThreadUpdate, threadUpdatesSchema } from '../contract/schemas/receipts.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import { proxyThreadUpdatesOperation, proxyWithdrawVoteOperation } from '../operations/receipts.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport } from '../transport/http.ts';
import type { CallOptions, IdempotentCallOptions, TransportOptions } from '../transport/options.ts';
import type { Call } from './call.ts';
import { operationRequest } from './call.ts';

const receiptsSchema = /*@__PURE__*/ z
  .array(/*@__PURE__*/ text(1))
  .check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(RECEIPTS_MAX));

/** `Authorization` for receipts: `Receipt <r1>, <r2>`. */
export const receiptAuthorization = (receipts: readonly string[]): string =>
  `${RECEIPT_AUTH_SCHEME} ${receipts.join(', ')}`;

/**
 * Who asks for updates: the receipts the browser holds (1-100; a browser sends its newest), or
 * the host's identity token (the threads of its email, on any device).
 */
export type UpdatesCredentials = { receipts: readonly string[] } | { identityToken: string };

/** An updates read's answer: `changed: false` when the ETag sent still matches (304). */
export type ThreadUpdatesResult =
  | { changed: false }
  | { changed: true; updates: ThreadUpdate[]; etag: string | undefined };

export interface UpdatesReadOptions extends CallOptions {
  /** The ETag of the answer kept from an earlier read: a 304 then answers `changed: false`. */
  etag?: string | undefined;
}

/** Reads the key proxy's `GET /api/v2/threads/updates`. */
export type ThreadUpdatesReader = (
  credentials: UpdatesCredentials,
  options?: UpdatesReadOptions,
) => Promise<ThreadUpdatesResult>;

/**
 * A reader of the key proxy's thread updates (decisions.md, "Receipts"). Bad credentials reject
 * with `RequestValidationError` naming `receipts`, and nothing is sent; the proxy's refusals
 * reject as the other clients' `ApiError`s.
 */
export function createThreadUpdatesReader(options: TransportOptions & ResponseValidationOptions): ThreadUpdatesReader {
  checkClientOptions(options);
  const send = createTransport(options);
  return async (credentials, { etag, ...call } = {}) => {
    const authorization =
      'receipts' in credentials
        ? receiptAuthorization(validateInput(receiptsSchema, credentials.receipts, 'receipts'))
        : `Bearer ${credentials.identityToken}`;
    const request = operationRequest(proxyThreadUpdatesOperation);
    const response = await send(
      {
        ...request,
        headers: { ...call.headers, authorization, ...(etag ? { 'if-none-match': etag } : {}) },
      },
      call,
    );
    if (response.status === 304) return { changed: false };
    const { data } = parseResponse(threadUpdatesSchema, response.body, options, response);
    return { changed: true, updates: data, etag: response.headers.get('etag') ?? undefined };
  };
}

/**
 * `DELETE /api/v2/threads/{id}` through the key proxy with the thread's receipt: takes an upvote
 * back. Rejects with `NotFoundError` when the thread is gone or is no upvote.
 */
export async function withdrawVote(
  connection: Call,
  threadId: string,
  receipt: string,
  options: IdempotentCallOptions = {},
): Promise<void> {
  await connection(
    proxyWithdrawVoteOperation,
    { params: { id: threadId } },
    { ...options, headers: { ...options.headers, authorization: receiptAuthorization([receipt]) } },
  );
}
