import { NetworkError, TimeoutError } from '../contract/errors.ts';
import { toApiError } from './error-response.ts';
import { createPacer, type MethodClass, type Pacer, type PacerOptions } from './pacer.ts';
import { retryAfterMs, untilReset } from './rate-headers.ts';
import { sleep } from './sleep.ts';

/** Retry behaviour; every field is optional and defaults as documented. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2; 0 turns retries off. */
  limit?: number;
  /** First backoff step; step n is `backoffMs * 2^n`, capped, then fully jittered. Default 300 ms. */
  backoffMs?: number;
  /** Cap of one backoff step. Default 10 000 ms. */
  maxBackoffMs?: number;
  /** Random 0..jitterMs added to every rate-limit wait (Retry-After, Reset). Default 500 ms. */
  jitterMs?: number;
  /** A 429 asking to wait longer than this is thrown at once as `RateLimitedError`. Default 60 000 ms. */
  maxRetryAfterMs?: number;
}

/** Options shared by every client. */
export interface TransportOptions {
  /** Service (or key proxy) origin, optionally with a path prefix; `/api/v1/...` is appended. */
  baseUrl: string;
  /** Fetch implementation; default `globalThis.fetch` at call time. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms, or `false` for none. Default 10 000. */
  timeout?: number | false | undefined;
  /** A retry limit, or retry options. */
  retry?: number | RetryOptions | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** Per-call options taken as the last argument of every method. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Overrides the client's per-attempt timeout. */
  timeout?: number | false | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: Method;
  /** Path below `baseUrl`, starting with `/`; segments already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
  method: Method;
  url: string;
}

export type Transport = (request: HttpRequest, call?: CallOptions) => Promise<HttpResponse>;

const RETRY_DEFAULTS: Required<RetryOptions> = {
  limit: 2,
  backoffMs: 300,
  maxBackoffMs: 10_000,
  jitterMs: 500,
  maxRetryAfterMs: 60_000,
};
const DEFAULT_TIMEOUT = 10_000;

/**
 * The transport of the full clients: requests paced on the rate-limit headers by one pacer shared
 * by every caller of the client (see `createRequests`).
 */
export const createTransport = (options: TransportOptions): Transport => createRequests(options, createPacer);

/**
 * A transport without pacing, for a client that sends a request now and then (the widgets'):
 * nothing is held on `X-RateLimit-Remaining`, but a 429 still waits its Retry-After plus jitter
 * before the retry. A bundle that uses only this one carries no pacer.
 */
export const createUnpacedTransport = (options: TransportOptions): Transport => createRequests(options);

/**
 * The one place requests are made: retries with backoff, timeouts, abort, error mapping, and the
 * rate-limit pacing of `pacing` when given. Successful (2xx) and 304 responses resolve.
 */
function createRequests(options: TransportOptions, pacing?: (options: PacerOptions) => Pacer): Transport {
  const retry = {
    ...RETRY_DEFAULTS,
    ...(typeof options.retry === 'number' ? { limit: options.retry } : options.retry),
  };
  const pacer = pacing?.(retry);
  const base = options.baseUrl.replace(/\/+$/, '');

  return async function send(request, call = {}) {
    const { method } = request;
    const url = base + request.path + queryString(request.query);
    // Later sources win whatever the case of a name (`Authorization` vs `authorization`).
    const headers = new Headers({ accept: 'application/json' });
    for (const source of [options.headers, request.headers, call.headers]) {
      for (const [name, value] of Object.entries(source ?? {})) headers.set(name, value);
    }
    const methodClass: MethodClass = method === 'GET' ? 'read' : 'write';
    // A POST is safe to repeat only when the server can recognise the repeat.
    const retriable = method !== 'POST' || headers.has('idempotency-key');
    const timeout = call.timeout ?? options.timeout ?? DEFAULT_TIMEOUT;
    const { signal } = call;
    const init: RequestInit = { method, headers };
    if (request.body !== undefined) {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(request.body);
    }

    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      await pacer?.acquire(methodClass, signal);
      const canRetry = retriable && attempt < retry.limit;
      const backoff = () => Math.random() * Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** attempt);

      let response: Response;
      let body: unknown;
      try {
        ({ response, body } = await fetchOnce(options.fetch ?? globalThis.fetch, url, init, timeout, signal));
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof TimeoutError) throw error;
        if (!canRetry) throw new NetworkError(method, url, error);
        await sleep(backoff(), signal);
        continue;
      }

      const { status, headers: received } = response;
      pacer?.update(methodClass, received);
      const answer = { status, headers: received, body, method, url };
      if (response.ok || status === 304) return answer;

      const error = toApiError(answer, response.statusText);
      const rateLimited = status === 429;
      const wait = retryAfterMs(received) ?? (rateLimited ? untilReset(received) : undefined) ?? backoff();
      // With a pacer, a 429 holds every other caller of this method class too, until the wait is over.
      if (rateLimited) pacer?.block(methodClass, wait);
      if (!canRetry || !(status === 408 || rateLimited || status >= 500) || wait > retry.maxRetryAfterMs) throw error;
      await sleep(wait + (rateLimited ? Math.random() * retry.jitterMs : 0), signal);
    }
  };
}

/**
 * One fetch, its body read within the same timeout. The timeout and the caller's signal settle the
 * call themselves rather than trusting every fetch implementation to honour an abort.
 */
function fetchOnce(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  timeout: number | false,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; body: unknown }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = () => {};
  return new Promise<{ response: Response; body: unknown }>((resolve, reject) => {
    const fail = (error: unknown) => {
      controller.abort();
      reject(error);
    };
    onAbort = () => fail(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeout !== false)
      timer = setTimeout(() => fail(new TimeoutError(init.method ?? 'GET', url, timeout)), timeout);
    fetch(url, { ...init, signal: controller.signal })
      .then(async (response) => resolve({ response, body: await readBody(response) }))
      .catch(reject);
  }).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  });
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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
