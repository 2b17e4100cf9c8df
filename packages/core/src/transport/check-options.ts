import { RequestValidationError } from '../contract/errors.ts';
import { type CallOptions, RETRY_DEFAULTS, type TransportOptions } from './options.ts';

// A client's options and a call's are checked like any input: a mistake fails at once with a
// RequestValidationError naming the option, nothing is sent, and no message quotes a header value
// (one of them may hold the key).

const invalid = (path: PropertyKey[], message: string) =>
  new RequestValidationError([{ path, code: 'invalid_option', message }]);

/** A number from `min` to 2^31 - 1, the longest timer a platform keeps (NaN and Infinity fail). */
const inRange = (value: unknown, min: number) => typeof value === 'number' && value >= min && value <= 2_147_483_647;

/**
 * `baseUrl` as an absolute URL without trailing slashes (resolved against the page, where there is
 * one: a browser may name the key proxy by its path), or why it cannot be used. The problem is
 * thrown at the first request rather than when the client is made, since widgets make theirs
 * before they know whether they will read anything.
 */
export function resolveBaseUrl(baseUrl: unknown): string | RequestValidationError {
  try {
    const url = new URL(baseUrl as string, (globalThis as { location?: { href: string } }).location?.href);
    if (typeof baseUrl === 'string' && /^https?:$/.test(url.protocol)) return url.href.replace(/\/+$/, '');
  } catch {
    // Reported below.
  }
  return invalid(['baseUrl'], 'must be an http(s) URL, or a path within a page');
}

/** A client's options: an object (plain JavaScript may call a factory with none). */
export function checkClientOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null) throw invalid([], 'must be an options object with a baseUrl');
}

/** `timeout` and `headers`, of a client or of one call. */
export function checkCallOptions({ timeout, headers }: CallOptions): void {
  if (timeout !== undefined && timeout !== false && !inRange(timeout, 1))
    throw invalid(['timeout'], 'must be 1 to 2147483647 ms, or false');
  for (const [name, value] of Object.entries(headers ?? {})) {
    try {
      new Headers({ [name]: value });
    } catch {
      throw invalid(['headers', name], 'is not a valid header');
    }
  }
}

/** The other transport options: well-formed, or a RequestValidationError naming the option. */
export function checkTransportOptions(options: TransportOptions): void {
  const { retry } = options;
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw invalid(['fetch'], 'must be a function');
  checkCallOptions(options);
  const given = typeof retry === 'object' && retry ? retry : { limit: retry };
  for (const [name, value] of Object.entries(given)) {
    const path = given === retry ? ['retry', name] : ['retry'];
    if (!(name in RETRY_DEFAULTS)) throw invalid(path, 'is not a known field');
    if (value !== undefined && !inRange(value, 0)) throw invalid(path, 'must be a number from 0');
  }
}
