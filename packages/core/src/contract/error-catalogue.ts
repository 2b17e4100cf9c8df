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
 * Every error code, declared once, by its v2 `code`: the client picks its error class from it, the
 * server and the key proxy their status and v1 code. The last four are the key proxy's own.
 */
export const API_ERRORS = {
  /** Validation failed; `details.issues` (v1: `issues`) name each field. */
  invalid_request: { status: 400, v1: 'BAD_REQUEST' },
  /** Authorization missing or malformed, key unknown or revoked. */
  unauthenticated: { status: 401, v1: 'UNAUTHORIZED', statusError: UnauthenticatedError },
  /** Authenticated but refused for another reason (role rules, plan gating, an origin). */
  forbidden: { status: 403, v1: 'FORBIDDEN', statusError: ForbiddenError },
  /** The key lacks the endpoint's scope; `details.required` and `details.granted`. */
  scope_required: { status: 403, v1: 'FORBIDDEN', error: ScopeRequiredError },
  not_found: { status: 404, v1: 'NOT_FOUND', statusError: NotFoundError },
  /** A state conflict (a duplicate, a last admin). */
  conflict: { status: 409, v1: 'CONFLICT' },
  /** The same Idempotency-Key is still in flight. */
  idempotency_conflict: { status: 409, v1: 'CONFLICT', error: IdempotencyConflictError },
  /** A v1 key on a v2 path. */
  unsupported_key_version: { status: 410, v1: 'GONE', error: UnsupportedKeyVersionError },
  payload_too_large: { status: 413, v1: 'PAYLOAD_TOO_LARGE' },
  unsupported_media_type: { status: 415, v1: 'UNSUPPORTED_MEDIA_TYPE' },
  /** The same Idempotency-Key with another request. */
  idempotency_key_reused: { status: 422, v1: 'UNPROCESSABLE_CONTENT', error: IdempotencyKeyReusedError },
  /** With `Retry-After`. */
  rate_limited: { status: 429, v1: 'TOO_MANY_REQUESTS', statusError: RateLimitedError },
  /** Headers too large for Node's HTTP parser. */
  headers_too_large: { status: 431, v1: 'REQUEST_HEADER_FIELDS_TOO_LARGE' },
  internal_error: { status: 500, v1: 'INTERNAL_SERVER_ERROR' },
  /** The database is out of reach for the moment; with `Retry-After`. */
  service_unavailable: { status: 503, v1: 'SERVICE_UNAVAILABLE' },
  /** The proxy: the client hung up mid-body; nginx's "client closed request", which no client reads: it names the case in the log. */
  client_closed: { status: 499, v1: 'CLIENT_CLOSED_REQUEST' },
  /** The proxy: Express middleware mounted after a body parser. */
  body_already_read: { status: 500, v1: 'INTERNAL_SERVER_ERROR' },
  /** The proxy: the service failed or could not be reached. */
  upstream_error: { status: 502, v1: 'BAD_GATEWAY' },
  /** The proxy: a request before its start-up check finished. */
  starting: { status: 503, v1: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The catalogue's entry for `code`, or undefined for a code it does not list. */
export function apiErrorEntry(code: string): ApiErrorEntry | undefined {
  return Object.hasOwn(API_ERRORS, code) ? API_ERRORS[code as ApiErrorCode] : undefined;
}
