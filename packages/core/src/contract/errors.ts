import { formatPath, summariseIssues, type ValidationIssue } from './issues.ts';

/** What every API error knows about the failed response. */
export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId: string | undefined;
  body: unknown;
  method: string;
  url: string;
}

// Fields are `declare`d and set in the constructors, once.

/**
 * The service answered with an error status. `message` is the server's own message;
 * `body` is the raw (parsed) body for anything else a caller needs.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  /** The HTTP status. */
  declare readonly status: number;
  /** The error code from the body (`NOT_FOUND`, `scope_required`, ...), or `http_<status>` without one. */
  declare readonly code: string;
  /** The v2 envelope's `request_id`, else the `X-Request-Id` header, for support requests. */
  declare readonly requestId: string | undefined;
  /** The parsed body (its text when it is not JSON). */
  declare readonly body: unknown;
  declare readonly method: string;
  declare readonly url: string;

  constructor(init: ApiErrorInit) {
    super(init.message);
    Object.assign(this, init);
  }
}

/** An error in the v1 body format `{message, code, issues?}`. */
export class V1Error extends ApiError {
  override readonly name: string = 'V1Error';
  /** One entry per failed rule of a 400, each with a `message` naming the field; empty otherwise. */
  declare readonly issues: readonly { message: string }[];
  constructor(init: ApiErrorInit, issues: readonly { message: string }[] = []) {
    super(init);
    this.issues = issues;
  }
}

/** An error in the v2 envelope `{error: {code, message, details?, request_id}}`. */
export class V2Error extends ApiError {
  override readonly name: string = 'V2Error';
  /** The envelope's `details` (`issues` of `invalid_request`, ...); empty when it has none. */
  declare readonly details: Record<string, unknown>;
  constructor(init: ApiErrorInit, details: Record<string, unknown> = {}) {
    super(init);
    this.details = details;
  }
}

/** 401: the key is missing, malformed, revoked or unknown. */
export class UnauthenticatedError extends ApiError {
  override readonly name = 'UnauthenticatedError';
}

/** 403 `forbidden` (v2) or `FORBIDDEN` (v1, e.g. role rules). */
export class ForbiddenError extends ApiError {
  override readonly name = 'ForbiddenError';
}

/** 404, including an unpublished portal (`Workspace not found`). */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}

/** 410 `unsupported_key_version`: a v1 key reached a v2 endpoint. */
export class UnsupportedKeyVersionError extends V2Error {
  override readonly name = 'UnsupportedKeyVersionError';
}

/** 409 `idempotency_conflict`: a request with the same Idempotency-Key is still in flight. */
export class IdempotencyConflictError extends V2Error {
  override readonly name = 'IdempotencyConflictError';
}

/** 422 `idempotency_key_reused`: the Idempotency-Key was used before with another payload. */
export class IdempotencyKeyReusedError extends V2Error {
  override readonly name = 'IdempotencyKeyReusedError';
}

/** 429 after retries ran out (or were not allowed). Header figures are undefined when absent. */
export class RateLimitedError extends ApiError {
  override readonly name = 'RateLimitedError';
  /** How long to wait before trying again: `Retry-After`, else until `X-RateLimit-Reset`. */
  declare readonly retryAfterMs: number | undefined;
  declare readonly limit: number | undefined;
  declare readonly remaining: number | undefined;
  /** Unix seconds when the window resets. */
  declare readonly reset: number | undefined;
  constructor(
    init: ApiErrorInit,
    figures: {
      retryAfterMs: number | undefined;
      limit: number | undefined;
      remaining: number | undefined;
      reset: number | undefined;
    },
  ) {
    super(init);
    Object.assign(this, figures);
  }
}

/** 403 `scope_required`: the key lacks a scope. */
export class ScopeRequiredError extends V2Error {
  override readonly name = 'ScopeRequiredError';
  declare readonly required: readonly string[];
  declare readonly granted: readonly string[];
  constructor(init: ApiErrorInit, details: Record<string, unknown> = {}) {
    super(init, details);
    this.required = stringList(details.required);
    this.granted = stringList(details.granted);
  }
}

/** Bad input caught before sending; nothing was sent. `field` is the first failing field's dotted path. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  declare readonly field: string;
  declare readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[]) {
    super(`Invalid request: ${summariseIssues(issues)}`);
    this.field = formatPath(issues[0]?.path ?? []);
    this.issues = issues;
  }
}

/** An error of the client about one request, which it names. */
class RequestError extends Error {
  declare readonly method: string;
  declare readonly url: string;
  constructor(message: string, method: string, url: string, options?: ErrorOptions) {
    super(message, options);
    this.method = method;
    this.url = url;
  }
}

/** The response broke its schema (validation `strict`). */
export class ResponseShapeError extends RequestError {
  override readonly name = 'ResponseShapeError';
  declare readonly issues: readonly ValidationIssue[];
  constructor(issues: readonly ValidationIssue[], method: string, url: string) {
    super(`Unexpected response from ${method} ${url}: ${summariseIssues(issues)}`, method, url);
    this.issues = issues;
  }
}

/** The request never got an HTTP answer (DNS, connection, CORS, ...). */
export class NetworkError extends RequestError {
  override readonly name = 'NetworkError';
  constructor(method: string, url: string, cause: unknown) {
    super(`Network error on ${method} ${url}`, method, url, { cause });
  }
}

/** One attempt took longer than the `timeout` option. */
export class TimeoutError extends RequestError {
  override readonly name = 'TimeoutError';
  declare readonly timeout: number;
  constructor(method: string, url: string, timeout: number) {
    super(`Request timed out after ${timeout} ms: ${method} ${url}`, method, url);
    this.timeout = timeout;
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

// Guards compare `name`, so they also recognise errors from another realm or another copy of this package.
const hasName = (value: unknown, ...names: string[]) =>
  typeof value === 'object' && value !== null && names.includes((value as { name?: unknown }).name as string);

const V2_ERROR_NAMES = [
  'V2Error',
  'ScopeRequiredError',
  'UnsupportedKeyVersionError',
  'IdempotencyConflictError',
  'IdempotencyKeyReusedError',
];

export function isApiError(value: unknown): value is ApiError {
  return hasName(
    value,
    'ApiError',
    'V1Error',
    'UnauthenticatedError',
    'ForbiddenError',
    'NotFoundError',
    'RateLimitedError',
    ...V2_ERROR_NAMES,
  );
}
export function isV1Error(value: unknown): value is V1Error {
  return hasName(value, 'V1Error');
}
export function isV2Error(value: unknown): value is V2Error {
  return hasName(value, ...V2_ERROR_NAMES);
}
export function isUnauthenticatedError(value: unknown): value is UnauthenticatedError {
  return hasName(value, 'UnauthenticatedError');
}
export function isForbiddenError(value: unknown): value is ForbiddenError {
  return hasName(value, 'ForbiddenError');
}
export function isNotFoundError(value: unknown): value is NotFoundError {
  return hasName(value, 'NotFoundError');
}
export function isRateLimitedError(value: unknown): value is RateLimitedError {
  return hasName(value, 'RateLimitedError');
}
export function isScopeRequiredError(value: unknown): value is ScopeRequiredError {
  return hasName(value, 'ScopeRequiredError');
}
export function isUnsupportedKeyVersionError(value: unknown): value is UnsupportedKeyVersionError {
  return hasName(value, 'UnsupportedKeyVersionError');
}
export function isIdempotencyConflictError(value: unknown): value is IdempotencyConflictError {
  return hasName(value, 'IdempotencyConflictError');
}
export function isIdempotencyKeyReusedError(value: unknown): value is IdempotencyKeyReusedError {
  return hasName(value, 'IdempotencyKeyReusedError');
}
export function isRequestValidationError(value: unknown): value is RequestValidationError {
  return hasName(value, 'RequestValidationError');
}
export function isResponseShapeError(value: unknown): value is ResponseShapeError {
  return hasName(value, 'ResponseShapeError');
}
export function isNetworkError(value: unknown): value is NetworkError {
  return hasName(value, 'NetworkError');
}
/** Also true for a DOMException `TimeoutError` from `AbortSignal.timeout()`. */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return hasName(value, 'TimeoutError');
}
