import ky, { isHTTPError, isTimeoutError } from 'ky';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/constants.ts';
import { ApiError, NetworkError, TimeoutError } from '../contract/errors.ts';
import { checkCallOptions, checkTransportOptions, resolveBaseUrl } from './check-options.ts';
import { toApiError } from './error-response.ts';
import type { HttpRequest, HttpResponse } from './exchange.ts';
import { newIdempotencyKey } from './idempotency.ts';
import {
  DEFAULT_TIMEOUT,
  type IdempotentCallOptions,
  RETRY_DEFAULTS,
  RETRY_STATUSES,
  type TransportOptions,
} from './options.ts';
import { rateLimitWait } from './rate-headers.ts';
import { createRateLimitHooks } from './rate-limit-hooks.ts';

/** Sends one request (with its retries); successful (2xx) and 304 answers resolve, errors reject as `ApiError`s. */
export type Transport = (request: HttpRequest, call?: IdempotentCallOptions) => Promise<HttpResponse>;

/**
 * A client's one ky instance and the function every method sends through. The instance holds the
 * prefix URL, the timeout, the retry policy and the rate-limit hooks, so every caller of one client
 * shares one view of the limits. Every write carries an Idempotency-Key (a new one per call unless
 * the call gives its own, or `false`), kept across its retries. GET and DELETE are retried; POST
 * and PATCH only with a key. Callers only ever see core's errors: ky's never leave this function.
 */
export function createTransport(options: TransportOptions): Transport {
  checkTransportOptions(options);
  const resolved = resolveBaseUrl(options.baseUrl);
  const retry = {
    ...RETRY_DEFAULTS,
    ...(typeof options.retry === 'number' ? { limit: options.retry } : options.retry),
  };
  const base = typeof resolved === 'string' ? resolved : '';
  const api = ky.create({
    prefixUrl: base,
    headers: clientHeaders(options.headers),
    timeout: options.timeout ?? DEFAULT_TIMEOUT,
    fetch: honouringAbort(options.fetch),
    throwHttpErrors: (status) => status !== 304,
    retry: {
      limit: retry.limit,
      statusCodes: RETRY_STATUSES,
      // Only a 429's wait comes from the server (Retry-After, else X-RateLimit-Reset); others back off.
      afterStatusCodes: [429],
      delay: (attempt) => Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** (attempt - 1)),
      jitter: true,
      backoffLimit: retry.maxBackoffMs,
      // A 429's wait beyond the bound is not waited (ky would cut it short and retry too early).
      // Only a 429's: a 5xx also carries X-RateLimit-Reset, which says nothing of when to retry it.
      shouldRetry: ({ error }) =>
        isHTTPError(error) &&
        error.response.status === 429 &&
        (rateLimitWait(error.response.headers) ?? 0) > retry.maxRetryAfterMs
          ? false
          : undefined,
    },
    hooks: createRateLimitHooks(retry),
  });

  return async function send(request, call = {}) {
    if (typeof resolved !== 'string') throw resolved;
    checkCallOptions(call);
    const { method } = request;
    const search = queryString(request.query);
    const url = base + request.path + search;
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
    if (method !== 'GET' && !headers.has(IDEMPOTENCY_KEY_HEADER) && call.idempotencyKey !== false) {
      headers.set(IDEMPOTENCY_KEY_HEADER, call.idempotencyKey ?? newIdempotencyKey());
    }
    // A POST or PATCH is safe to repeat only when the server can recognise the repeat.
    const retriable = method === 'GET' || method === 'DELETE' || headers.has(IDEMPOTENCY_KEY_HEADER);
    const timeout = call.timeout ?? options.timeout ?? DEFAULT_TIMEOUT;
    const { signal } = call;
    const timedOut = () => new TimeoutError(method, url, timeout === false ? 0 : timeout);
    signal?.throwIfAborted();
    let response: Response;
    try {
      // The query goes in the path: ky's `searchParams` would build the Request a second time.
      response = await api(request.path.slice(1) + search, {
        method,
        headers,
        json: request.body,
        ...(signal ? { signal } : {}),
        timeout,
        retry: { methods: retriable ? [method.toLowerCase()] : [] },
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // Refused before sending (a 429's hold outlasting maxRetryAfterMs).
      if (error instanceof ApiError) throw error;
      if (isHTTPError(error)) {
        const { response } = error;
        // An error's body is only a detail: without it the status still tells what happened.
        const body = await readBody(response, timeout, signal).catch(() => undefined);
        signal?.throwIfAborted();
        throw toApiError(
          { status: response.status, headers: response.headers, body, method, url },
          response.statusText,
        );
      }
      if (isTimeoutError(error)) throw timedOut();
      throw new NetworkError(method, url, error);
    }
    try {
      return {
        status: response.status,
        headers: response.headers,
        body: await readBody(response, timeout, signal, request.binary),
        method,
        url,
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error === BODY_TIMEOUT) throw timedOut();
      throw new NetworkError(method, url, error);
    }
  };
}

/** Rejection of a body read that outlived its timeout. */
const BODY_TIMEOUT = Symbol('body timeout');

/**
 * The client's headers, one value per name: a later entry replaces an earlier one whatever their
 * case, as the key's `authorization` replaces an `Authorization` given in `headers` (an object
 * holding both would send them joined, `Bearer a, Bearer b`, which no server accepts).
 */
function clientHeaders(given: Record<string, string> | undefined): Headers {
  const headers = new Headers({ accept: 'application/json' });
  for (const [name, value] of Object.entries(given ?? {})) headers.set(name, value);
  return headers;
}

/**
 * `fetch` (default `globalThis.fetch` at call time) settled by the request's abort signal itself,
 * rather than trusting every fetch implementation (a page's own, a test's) to honour an abort.
 */
function honouringAbort(fetch: TransportOptions['fetch']): typeof globalThis.fetch {
  return (input, init) => {
    // ky always calls it with its Request.
    const request = input as Request;
    const { signal } = request;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      (fetch ?? globalThis.fetch)(request, init)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
}

function queryString(query: HttpRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Parsed JSON, the raw text when it is not JSON, or undefined when empty. The body is read within
 * `timeout` ms of its headers (ky's timeout ends when they arrive), so a server that stalls halfway
 * through cannot hang the call; a stalled read is cancelled and rejects with `BODY_TIMEOUT`, an
 * abort with the signal's reason, a broken connection with its own error.
 */
async function readBody(
  response: Response,
  timeout: number | false,
  signal: AbortSignal | undefined,
  binary?: boolean,
): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return binary ? new Uint8Array() : undefined;
  let stopped: unknown;
  const stop = (reason: unknown) => {
    stopped ??= reason;
    reader.cancel().catch(() => undefined);
  };
  const timer = timeout === false ? undefined : setTimeout(() => stop(BODY_TIMEOUT), timeout);
  const onAbort = () => stop(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let text = '';
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (stopped !== undefined) throw stopped;
      if (done) break;
      if (binary) chunks.push(value);
      else text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (binary) return joinBytes(chunks);
  text += decoder.decode();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function joinBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
