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
  /**
   * A 429 asking to wait longer than this is thrown at once as `RateLimitedError` (and so are the
   * client's later calls of its method class while that wait runs); also the longest pacing wait.
   * Default 60 000 ms.
   */
  maxRetryAfterMs?: number;
}

/** Options shared by every client. */
export interface TransportOptions {
  /**
   * Service (or key proxy) origin, optionally with a path prefix; `/api/v1/...` is appended. In a
   * page a path (`/feedback-proxy`) is resolved against it. A missing or unusable one fails the
   * first call with `RequestValidationError` naming `baseUrl`.
   */
  baseUrl: string;
  /**
   * Fetch implementation, called as `fetch(request)` with a `Request` (and an init object of
   * ky's); default `globalThis.fetch` at call time, and any fetch fits. A page that prefetched a
   * response can hand it over here, by `request.url`, instead of fetching again.
   */
  fetch?: ((request: Request, init?: RequestInit) => Promise<Response>) | undefined;
  /**
   * Per-attempt timeout in ms, or `false` for none: for the answer's headers, and again for its body
   * once they arrived. Default 10 000.
   */
  timeout?: number | false | undefined;
  /** A retry limit, or retry options. */
  retry?: number | RetryOptions | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
}

/** Per-call options taken as the last argument of every method. */
export interface CallOptions {
  /** Aborts the call at any point, waits included; it then rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's per-attempt timeout. */
  timeout?: number | false | undefined;
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined;
}

/** Call options of a write (POST, PATCH, DELETE). */
export interface IdempotentCallOptions extends CallOptions {
  /**
   * The call's Idempotency-Key, kept by every retry of it. By default each write gets a new random
   * key, so a retry after a lost answer is never applied twice. `false` sends none, and then a
   * POST or PATCH is never retried.
   */
  idempotencyKey?: string | false | undefined;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  limit: 2,
  backoffMs: 300,
  maxBackoffMs: 10_000,
  jitterMs: 500,
  maxRetryAfterMs: 60_000,
};
export const DEFAULT_TIMEOUT = 10_000;

/** The statuses worth another attempt: the request may succeed later as it is. */
export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
