import {
  type ApiErrorEntry,
  E_FORBIDDEN,
  E_IDEMPOTENCY_CONFLICT,
  E_IDEMPOTENCY_KEY_REUSED,
  E_NOT_FOUND,
  E_RATE_LIMITED,
  E_SCOPE_REQUIRED,
  E_UNAUTHENTICATED,
  E_UNSUPPORTED_KEY_VERSION,
} from '../contract/error-catalogue.ts';
import { ApiError, type ApiErrorInit, RateLimitedError, V1Error, V2Error } from '../contract/errors.ts';
import type { HttpResponse } from './exchange.ts';
import { rateLimitWait, toNumber } from './rate-headers.ts';

/** The catalogue's entries that name a class; the others are `V2Error`, `V1Error` or `ApiError` by format. */
const CLASSED: readonly ApiErrorEntry[] = [
  E_UNAUTHENTICATED,
  E_FORBIDDEN,
  E_SCOPE_REQUIRED,
  E_NOT_FOUND,
  E_IDEMPOTENCY_CONFLICT,
  E_UNSUPPORTED_KEY_VERSION,
  E_IDEMPOTENCY_KEY_REUSED,
  E_RATE_LIMITED,
];

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
    const error = CLASSED.find((entry) => entry.code === code)?.error;
    if (error) return new error(init, detailObject);
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
/** The catalogue's class for every answer with this status, whatever its body. */
function byStatus(init: ApiErrorInit, headers: Headers): ApiError | undefined {
  const statusError = CLASSED.find((entry) => entry.statusError && entry.status === init.status)?.statusError;
  if (!statusError) return undefined;
  if (statusError !== RateLimitedError) return new (statusError as typeof ApiError)(init);
  return new RateLimitedError(init, {
    retryAfterMs: rateLimitWait(headers),
    limit: toNumber(headers.get('x-ratelimit-limit')),
    remaining: toNumber(headers.get('x-ratelimit-remaining')),
    reset: toNumber(headers.get('x-ratelimit-reset')),
  });
}
