import {
  ApiError,
  type ApiErrorInit,
  ForbiddenError,
  IdempotencyConflictError,
  IdempotencyKeyReusedError,
  NotFoundError,
  RateLimitedError,
  ScopeRequiredError,
  UnauthenticatedError,
  UnsupportedKeyVersionError,
  V1Error,
  V2Error,
} from '../contract/errors.ts';
import type { HttpResponse } from './http.ts';
import { rateLimitWait, toNumber } from './rate-headers.ts';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Maps an error response, in either body format, to the most specific error class. */
export function toApiError(response: HttpResponse, statusText: string): ApiError {
  const { status, headers, body, method, url } = response;
  const base = { status, body, method, url, requestId: headers.get('x-request-id') ?? undefined };

  if (isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string') {
    const { code, message, details, request_id } = body.error;
    const init: ApiErrorInit = {
      ...base,
      code,
      message: typeof message === 'string' ? message : code,
      requestId: typeof request_id === 'string' ? request_id : base.requestId,
    };
    const detailObject = isRecord(details) ? details : {};
    if (code === 'scope_required') return new ScopeRequiredError(init, detailObject);
    if (code === 'unsupported_key_version') return new UnsupportedKeyVersionError(init, detailObject);
    if (code === 'idempotency_conflict') return new IdempotencyConflictError(init, detailObject);
    if (code === 'idempotency_key_reused') return new IdempotencyKeyReusedError(init, detailObject);
    return byStatus(init, headers) ?? new V2Error(init, detailObject);
  }

  if (isRecord(body) && typeof body.message === 'string' && typeof body.code === 'string') {
    const init: ApiErrorInit = { ...base, code: body.code, message: body.message };
    const issues = Array.isArray(body.issues)
      ? body.issues.filter(isRecord).map((issue) => ({ ...issue, message: String(issue.message) }))
      : [];
    return byStatus(init, headers) ?? new V1Error(init, issues);
  }

  const init: ApiErrorInit = {
    ...base,
    code: `http_${status}`,
    message: `Request failed with status ${status}${statusText ? ` ${statusText}` : ''}`,
  };
  return byStatus(init, headers) ?? new ApiError(init);
}

/** The classes that mean the same in v1 and v2, chosen by status alone. */
function byStatus(init: ApiErrorInit, headers: Headers): ApiError | undefined {
  switch (init.status) {
    case 401:
      return new UnauthenticatedError(init);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init);
    case 429:
      return new RateLimitedError(init, {
        retryAfterMs: rateLimitWait(headers),
        limit: toNumber(headers.get('x-ratelimit-limit')),
        remaining: toNumber(headers.get('x-ratelimit-remaining')),
        reset: toNumber(headers.get('x-ratelimit-reset')),
      });
    default:
      return undefined;
  }
}
