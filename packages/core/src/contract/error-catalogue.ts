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

/** Validation failed; `details.issues` (v1: `issues`) name each field. */
export const E_INVALID_REQUEST = { code: 'invalid_request', status: 400, v1: 'BAD_REQUEST' } as const;
/** Authorization missing or malformed, key unknown or revoked. */
export const E_UNAUTHENTICATED = {
  code: 'unauthenticated',
  status: 401,
  v1: 'UNAUTHORIZED',
  statusError: UnauthenticatedError,
} as const;
/** Authenticated but refused for another reason (role rules, plan gating, an origin). */
export const E_FORBIDDEN = { code: 'forbidden', status: 403, v1: 'FORBIDDEN', statusError: ForbiddenError } as const;
/** The key lacks the endpoint's scope; `details.required` and `details.granted`. */
export const E_SCOPE_REQUIRED = {
  code: 'scope_required',
  status: 403,
  v1: 'FORBIDDEN',
  error: ScopeRequiredError,
} as const;
export const E_NOT_FOUND = { code: 'not_found', status: 404, v1: 'NOT_FOUND', statusError: NotFoundError } as const;
/** A state conflict (a duplicate, a last admin). */
export const E_CONFLICT = { code: 'conflict', status: 409, v1: 'CONFLICT' } as const;
/** The same Idempotency-Key is still in flight. */
export const E_IDEMPOTENCY_CONFLICT = {
  code: 'idempotency_conflict',
  status: 409,
  v1: 'CONFLICT',
  error: IdempotencyConflictError,
} as const;
/** A v1 key on a v2 path. */
export const E_UNSUPPORTED_KEY_VERSION = {
  code: 'unsupported_key_version',
  status: 410,
  v1: 'GONE',
  error: UnsupportedKeyVersionError,
} as const;
export const E_PAYLOAD_TOO_LARGE = { code: 'payload_too_large', status: 413, v1: 'PAYLOAD_TOO_LARGE' } as const;
export const E_UNSUPPORTED_MEDIA_TYPE = {
  code: 'unsupported_media_type',
  status: 415,
  v1: 'UNSUPPORTED_MEDIA_TYPE',
} as const;
/** The same Idempotency-Key with another request. */
export const E_IDEMPOTENCY_KEY_REUSED = {
  code: 'idempotency_key_reused',
  status: 422,
  v1: 'UNPROCESSABLE_CONTENT',
  error: IdempotencyKeyReusedError,
} as const;
/** With `Retry-After`. */
export const E_RATE_LIMITED = {
  code: 'rate_limited',
  status: 429,
  v1: 'TOO_MANY_REQUESTS',
  statusError: RateLimitedError,
} as const;
/** Headers too large for Node's HTTP parser. */
export const E_HEADERS_TOO_LARGE = {
  code: 'headers_too_large',
  status: 431,
  v1: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
} as const;
export const E_INTERNAL_ERROR = { code: 'internal_error', status: 500, v1: 'INTERNAL_SERVER_ERROR' } as const;
/** The database is out of reach for the moment; with `Retry-After`. */
export const E_SERVICE_UNAVAILABLE = { code: 'service_unavailable', status: 503, v1: 'SERVICE_UNAVAILABLE' } as const;
/** The proxy: the client hung up mid-body; nginx's "client closed request", which no client reads: it names the case in the log. */
export const E_CLIENT_CLOSED = { code: 'client_closed', status: 499, v1: 'CLIENT_CLOSED_REQUEST' } as const;
/** The proxy: Express middleware mounted after a body parser. */
export const E_BODY_ALREADY_READ = { code: 'body_already_read', status: 500, v1: 'INTERNAL_SERVER_ERROR' } as const;
/** The proxy: the service failed or could not be reached. */
export const E_UPSTREAM_ERROR = { code: 'upstream_error', status: 502, v1: 'BAD_GATEWAY' } as const;
/** The proxy: a request before its start-up check finished. */
export const E_STARTING = { code: 'starting', status: 503, v1: 'SERVICE_UNAVAILABLE' } as const;

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
