import type { ResponseValidationOptions } from '../contract/validate.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport } from '../transport/http.ts';
import type { TransportOptions } from '../transport/options.ts';
import { type Call, checkV2Key, createCall } from './call.ts';

export interface V2ClientOptions extends TransportOptions, ResponseValidationOptions {
  /**
   * A v2 key (`cfs_v2_...`), sent as `Authorization: Bearer`. Optional: a browser talks to the key
   * proxy without one (and may send its own `headers`, e.g. an identity token).
   */
  apiKey?: string | undefined;
}

/**
 * One v2 connection: base URL, key, headers, retries, rate-limit pacing and response validation,
 * shared by every call made over it. The v2 client holds one; the v2 operation functions
 * ({@link createThread}) take one as their first argument.
 */
export type V2Connection = Call;

/** Opens a v2 connection: the key's prefix is checked, and the key is sent as a bearer token after `headers`. */
export function createV2Connection(options: V2ClientOptions): V2Connection {
  checkClientOptions(options);
  checkV2Key(options.apiKey);
  const headers = { ...options.headers, ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) };
  return createCall(createTransport({ ...options, headers }), options);
}
