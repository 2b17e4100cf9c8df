import type * as z from 'zod/mini';
import { KEY_PREFIXES } from '../contract/constants.ts';
import { RequestValidationError } from '../contract/errors.ts';
import type { AnySchema } from '../contract/parse.ts';
import { idempotencyKeySchema } from '../contract/schemas/common.ts';
import { parseResponse, type ResponseValidationOptions, validateInput } from '../contract/validate.ts';
import type { HttpRequest, Transport } from '../transport/http.ts';
import type { IdempotentCallOptions } from '../transport/options.ts';

/** Sends a request and returns its body normalised and checked against `schema`. */
export type Call = <S extends AnySchema>(
  request: HttpRequest,
  schema: S,
  options?: IdempotentCallOptions,
  normalise?: (body: unknown) => unknown,
) => Promise<z.output<S>>;

/** The one `Call` of a client: a caller's Idempotency-Key is checked before anything is sent. */
export function createCall(send: Transport, validation: ResponseValidationOptions): Call {
  return async (request, schema, options, normalise) => {
    const key = options?.idempotencyKey;
    if (key !== undefined && key !== false) validateInput(idempotencyKeySchema, key, 'idempotencyKey');
    const response = await send(request, options);
    return parseResponse(schema, normalise ? normalise(response.body) : response.body, validation, response);
  };
}

/** Path segment: encoded, so ids with `/`, `?` or `@` stay one segment. */
export const segment = (value: string) => encodeURIComponent(value);

// A key of the other API generation handed to a client fails locally, before anything is sent.
// The messages name the prefix only, never the key. One check per generation, so a bundle with only
// the v2 client (the widgets') carries only the v2 one.

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
