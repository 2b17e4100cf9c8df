import { KEY_PREFIXES } from '../contract/constants.ts';
import { RequestValidationError } from '../contract/errors.ts';
import { idempotencyKeySchema } from '../contract/schemas/common.ts';
import type { AttachmentContent } from '../contract/schemas/messages.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import { fillPath, type Operation, type OperationOutput } from '../operations/operation.ts';
import type { HttpRequest } from '../transport/exchange.ts';
import type { Transport } from '../transport/http.ts';
import type { IdempotentCallOptions } from '../transport/options.ts';

/** What a client hands over for one operation. */
export interface OperationInput {
  /** Path parameters by name, checked with the operation's `params` (an issue names its parameter). */
  params?: Record<string, string>;
  /** Query values, already checked by the client's own typed parameter schema. */
  query?: HttpRequest['query'];
  /** The body, checked with the operation's `body`. */
  body?: unknown;
}

/**
 * The request of `operation` for `input`: its method, its path with each parameter checked and
 * encoded as one segment, the query, and the checked body. Throws `RequestValidationError` first.
 */
export function operationRequest(operation: Operation, { params, query, body }: OperationInput = {}): HttpRequest {
  return {
    method: operation.method,
    path: fillPath(operation.path, operation.params ? validateInput(operation.params, params) : {}),
    query,
    body: operation.body ? validateInput(operation.body, body) : undefined,
    ...(operation.binary ? { binary: true } : {}),
  };
}

/**
 * Sends an operation and returns its success body, normalised and checked against the operation's
 * `output` (nothing for 204; the bytes and their type for a `binary` one). A write carries an
 * Idempotency-Key, kept across its retries. `normalise` also sees the answer's headers.
 */
export type Call = <O extends Operation>(
  operation: O,
  input?: OperationInput,
  options?: IdempotentCallOptions,
  normalise?: (body: unknown, headers: Headers) => unknown,
) => Promise<OperationOutput<O>>;

/** The one `Call` of a client: a caller's Idempotency-Key is checked before anything is sent. */
export function createCall(send: Transport, validation: ResponseValidationOptions): Call {
  return async (operation, input, options, normalise) => {
    const request = operationRequest(operation, input);
    const key = options?.idempotencyKey;
    if (key !== undefined && key !== false) validateInput(idempotencyKeySchema, key, 'idempotencyKey');
    const response = await send(request, options);
    const { output } = operation;
    if (operation.binary) {
      const download: AttachmentContent = {
        bytes: response.body as Uint8Array,
        content_type: response.headers.get('content-type') ?? 'application/octet-stream',
      };
      return download as OperationOutput<typeof operation>;
    }
    return (output &&
      parseResponse(
        output,
        normalise ? normalise(response.body, response.headers) : response.body,
        validation,
        response,
      )) as OperationOutput<typeof operation>;
  };
}

// A key of the other API generation handed to a client fails locally, before anything is sent.
// The messages name the prefix only, never the key.

const { v1, v2 } = KEY_PREFIXES;

/** A v1 client's key: required, and not a v2 key. */
export function checkV1Key(apiKey: unknown): void {
  if (apiKey === undefined || (typeof apiKey === 'string' && !apiKey.trim()))
    throw keyError(`is required (a v1 key, ${v1}...)`);
  checkKeyText(apiKey);
  if (apiKey.startsWith(v2)) throw keyError(`is a v2 key (${v2}...); this client needs a v1 key (${v1}...)`);
}

/** A v2 client's key: optional (a browser reaches the key proxy without one), but not a v1 key. */
export function checkV2Key(apiKey: unknown): void {
  if (apiKey === undefined || apiKey === '') return;
  checkKeyText(apiKey);
  if (apiKey.startsWith(v1)) throw keyError(`is a v1 key (${v1}...); this client needs a v2 key (${v2}...)`);
}

/** A key goes into a header: a character a header cannot carry would fail there with the key in the message. */
function checkKeyText(apiKey: unknown): asserts apiKey is string {
  if (typeof apiKey !== 'string') throw keyError('must be a string');
  if (!/^[\x21-\x7e]+$/.test(apiKey.trim())) throw keyError('must be visible ASCII characters, without spaces');
}

const keyError = (message: string) => new RequestValidationError([{ path: ['apiKey'], code: 'invalid_key', message }]);
