import { RequestValidationError } from './errors.ts';
import type { AnySchema, Output } from './schema/index.ts';
import type { CallOptions, HttpRequest, Transport } from './transport.ts';
import { parseResponse, type ResponseValidationOptions } from './validate.ts';

/** Sends a request and returns its body normalised and checked against `schema`. */
export type Call = <S extends AnySchema>(
  request: HttpRequest,
  schema: S,
  options?: CallOptions,
  normalise?: (body: unknown) => unknown,
) => Promise<Output<S>>;

export function createCall(send: Transport, validation: ResponseValidationOptions): Call {
  return async (request, schema, options, normalise) => {
    const response = await send(request, options);
    return parseResponse(schema, normalise ? normalise(response.body) : response.body, validation, response);
  };
}

/** Path segment: encoded, so ids with `/`, `?` or `@` stay one segment. */
export const segment = (value: string) => encodeURIComponent(value);

/**
 * Fails locally when a key of the other API generation is handed to a client. The message names
 * the prefix only, never the key.
 */
export function checkKeyPrefix(apiKey: string | undefined, wanted: 'v1' | 'v2', required: boolean): void {
  const other = wanted === 'v1' ? 'v2' : 'v1';
  let message: string | undefined;
  if (!apiKey?.trim()) {
    if (required) message = `is required (a ${wanted} key, cfs_${wanted}_...)`;
  } else if (apiKey.startsWith(`cfs_${other}_`)) {
    message = `is a ${other} key (cfs_${other}_...); this client needs a ${wanted} key (cfs_${wanted}_...)`;
  }
  if (message) throw new RequestValidationError([{ path: ['apiKey'], code: 'invalid_key', message }]);
}
