import { RequestValidationError } from '../contract/errors.ts';
import { type CallOptions, RETRY_DEFAULTS, type TransportOptions } from './options.ts';

// A client's options and a call's are checked like any input: a mistake fails at once with a
// RequestValidationError naming the option, nothing is sent, and no message quotes a header value
// (one of them may hold the key).

/** The longest timer a platform keeps (2^31 - 1 ms); ky refuses a longer timeout. */
const MAX_TIMEOUT_MS = 2_147_483_647;

const invalid = (path: PropertyKey[], message: string) =>
  new RequestValidationError([{ path, code: 'invalid_option', message }]);

const isCount = (value: unknown, min: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_TIMEOUT_MS;

/** `timeout` of a client or a call: ms from 1, or `false`. */
export function checkTimeout(timeout: unknown): void {
  if (timeout !== undefined && timeout !== false && !isCount(timeout, 1))
    throw invalid(['timeout'], `must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, or false`);
}

/** `headers` of a client or a call: names and values a request can carry. */
export function checkHeaders(headers: unknown): void {
  if (headers === undefined) return;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw invalid(['headers'], 'must be an object of header names and values');
  for (const [name, value] of Object.entries(headers)) {
    try {
      if (typeof value !== 'string') throw new TypeError();
      new Headers([[name, value]]);
    } catch {
      throw invalid(['headers', name], 'must be a valid header name with a string value of visible characters');
    }
  }
}

/**
 * `baseUrl` as an absolute URL without trailing slashes (resolved against the page, where there is
 * one: a browser may name the key proxy by its path), or why it cannot be used. The problem is
 * thrown at the first request rather than when the client is made, since widgets make theirs
 * before they know whether they will read anything.
 */
export function resolveBaseUrl(baseUrl: unknown): string | RequestValidationError {
  let url: URL | undefined;
  try {
    if (typeof baseUrl === 'string')
      url = new URL(baseUrl, (globalThis as { location?: { href: string } }).location?.href);
  } catch {
    // Reported below.
  }
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return url.href.replace(/\/+$/, '');
  return typeof baseUrl === 'string' && baseUrl.trim()
    ? invalid(['baseUrl'], 'must be an absolute http(s) URL, or a path within a page')
    : invalid(['baseUrl'], 'is required (the service origin, e.g. https://feedback.example.com)');
}

/** The other transport options: well-formed, or a RequestValidationError naming the option. */
export function checkTransportOptions(options: TransportOptions): void {
  const { fetch, retry } = options;
  if (fetch !== undefined && typeof fetch !== 'function') throw invalid(['fetch'], 'must be a function');
  checkTimeout(options.timeout);
  checkHeaders(options.headers);
  if (typeof retry === 'number' || retry === undefined) {
    if (retry !== undefined && !(Number.isInteger(retry) && isCount(retry, 0)))
      throw invalid(['retry'], 'must be a whole number of retries from 0, or retry options');
    return;
  }
  if (typeof retry !== 'object' || retry === null) throw invalid(['retry'], 'must be a number or retry options');
  for (const [name, value] of Object.entries(retry)) {
    if (!(name in RETRY_DEFAULTS)) throw invalid(['retry', name], 'is not a known field');
    if (value !== undefined && !isCount(value, 0)) throw invalid(['retry', name], 'must be a number from 0');
  }
}

/** A call's own `timeout` and `headers`. */
export function checkCallOptions({ timeout, headers }: CallOptions): void {
  checkTimeout(timeout);
  checkHeaders(headers);
}
