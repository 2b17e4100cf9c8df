import {
  type ApiErrorInit,
  ForbiddenError,
  IdempotencyConflictError,
  IdempotencyKeyReusedError,
  NotFoundError,
  RateLimitedError,
  ScopeRequiredError,
  UnauthenticatedError,
  UnsupportedKeyVersionError,
  type V2Error,
} from './errors.ts';

/** One error the API (or the key proxy) answers with. */
export interface ApiErrorEntry {
  /** The v2 envelope's `code`. */
  readonly code: string;
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The v1 body's `code` for the same answer (v1 names its codes after the status). */
  readonly v1: string;
  /** The class a client raises for this v2 code, whatever its status. */
  readonly error?: new (
    init: ApiErrorInit,
    details: Record<string, unknown>,
  ) => V2Error;
  /**
   * The class a client raises for every answer with this status, whatever its body's format or
   * code (unless that code has an `error` of its own). Otherwise `V2Error` for a v2 envelope,
   * `V1Error` for a v1 body, `ApiError` for any other.
   */
  readonly statusError?:
    | typeof UnauthenticatedError
    | typeof ForbiddenError
    | typeof NotFoundError
    | typeof RateLimitedError;
}

/**
 * One entry of the catalogue, its literals kept as types (servers compare `status` and `code` with
 * their own answers).
 */
/*@__NO_SIDE_EFFECTS__*/
function apiError<
  const C extends string,
  const S extends number,
  const V extends string,
  const K extends object = Record<never, never>,
>(code: C, status: S, v1: V, classes?: K): { readonly code: C; readonly status: S; readonly v1: V } & Readonly<K> {
  return { code, status, v1, ...classes } as { code: C; status: S; v1: V } & K;
}

/** Validation failed; `details.issues` (v1: `issues`) name each field. */
export const E_INVALID_REQUEST = apiError('invalid_request', 400, 'BAD_REQUEST');
/** Authorization missing or malformed, key unknown or revoked. */
export const E_UNAUTHENTICATED = apiError('unauthenticated', 401, 'UNAUTHORIZED', {
  statusError: UnauthenticatedError,
});
/** Authenticated but refused for another reason (role rules, plan gating, an origin). */
export const E_FORBIDDEN = apiError('forbidden', 403, 'FORBIDDEN', { statusError: ForbiddenError });
/** The key lacks the endpoint's scope; `details.required` and `details.granted`. */
export const E_SCOPE_REQUIRED = apiError('scope_required', 403, 'FORBIDDEN', { error: ScopeRequiredError });
export const E_NOT_FOUND = apiError('not_found', 404, 'NOT_FOUND', { statusError: NotFoundError });
/** A state conflict (a duplicate, a last admin). */
export const E_CONFLICT = apiError('conflict', 409, 'CONFLICT');
/** The same Idempotency-Key is still in flight. */
export const E_IDEMPOTENCY_CONFLICT = apiError('idempotency_conflict', 409, 'CONFLICT', {
  error: IdempotencyConflictError,
});
/** A v1 key on a v2 path. */
export const E_UNSUPPORTED_KEY_VERSION = apiError('unsupported_key_version', 410, 'GONE', {
  error: UnsupportedKeyVersionError,
});
export const E_PAYLOAD_TOO_LARGE = apiError('payload_too_large', 413, 'PAYLOAD_TOO_LARGE');
export const E_UNSUPPORTED_MEDIA_TYPE = apiError('unsupported_media_type', 415, 'UNSUPPORTED_MEDIA_TYPE');
/** The same Idempotency-Key with another request. */
export const E_IDEMPOTENCY_KEY_REUSED = apiError('idempotency_key_reused', 422, 'UNPROCESSABLE_CONTENT', {
  error: IdempotencyKeyReusedError,
});
/** With `Retry-After`. */
export const E_RATE_LIMITED = apiError('rate_limited', 429, 'TOO_MANY_REQUESTS', { statusError: RateLimitedError });
/** Headers too large for Node's HTTP parser. */
export const E_HEADERS_TOO_LARGE = apiError('headers_too_large', 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
export const E_INTERNAL_ERROR = apiError('internal_error', 500, 'INTERNAL_SERVER_ERROR');
/** The database is out of reach for the moment; with `Retry-After`. */
export const E_SERVICE_UNAVAILABLE = apiError('service_unavailable', 503, 'SERVICE_UNAVAILABLE');
/** The proxy: the client hung up mid-body; nginx's "client closed request", which no client reads: it names the case in the log. */
export const E_CLIENT_CLOSED = apiError('client_closed', 499, 'CLIENT_CLOSED_REQUEST');
/** The proxy: Express middleware mounted after a body parser. */
export const E_BODY_ALREADY_READ = apiError('body_already_read', 500, 'INTERNAL_SERVER_ERROR');
/** The proxy: the service failed or could not be reached. */
export const E_UPSTREAM_ERROR = apiError('upstream_error', 502, 'BAD_GATEWAY');
/** The proxy: a request before its start-up check finished. */
export const E_STARTING = apiError('starting', 503, 'SERVICE_UNAVAILABLE');

/**
 * Every error code, declared once above and listed here by its v2 `code`: the client picks its
 * error class from them, the server and the key proxy their status and v1 code. The entries are
 * separate constants so code that reads one entry needs none of the others.
 */
export const API_ERRORS = {
  invalid_request: E_INVALID_REQUEST,
  unauthenticated: E_UNAUTHENTICATED,
  forbidden: E_FORBIDDEN,
  scope_required: E_SCOPE_REQUIRED,
  not_found: E_NOT_FOUND,
  conflict: E_CONFLICT,
  idempotency_conflict: E_IDEMPOTENCY_CONFLICT,
  unsupported_key_version: E_UNSUPPORTED_KEY_VERSION,
  payload_too_large: E_PAYLOAD_TOO_LARGE,
  unsupported_media_type: E_UNSUPPORTED_MEDIA_TYPE,
  idempotency_key_reused: E_IDEMPOTENCY_KEY_REUSED,
  rate_limited: E_RATE_LIMITED,
  headers_too_large: E_HEADERS_TOO_LARGE,
  internal_error: E_INTERNAL_ERROR,
  service_unavailable: E_SERVICE_UNAVAILABLE,
  client_closed: E_CLIENT_CLOSED,
  body_already_read: E_BODY_ALREADY_READ,
  upstream_error: E_UPSTREAM_ERROR,
  starting: E_STARTING,
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The catalogue's entry for `code`, or undefined for a code it does not list. */
export function apiErrorEntry(code: string): ApiErrorEntry | undefined {
  return Object.hasOwn(API_ERRORS, code) ? API_ERRORS[code as ApiErrorCode] : undefined;
}
