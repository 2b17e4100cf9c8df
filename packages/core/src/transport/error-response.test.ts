import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  isApiError,
  isForbiddenError,
  isIdempotencyConflictError,
  isIdempotencyKeyReusedError,
  isNotFoundError,
  isRateLimitedError,
  isScopeRequiredError,
  isTimeoutError,
  isUnauthenticatedError,
  isUnsupportedKeyVersionError,
  isV1Error,
  isV2Error,
  NotFoundError,
  V1Error,
  V2Error,
} from '../contract/errors.ts';
import { toApiError } from './error-response.ts';

const failed = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  toApiError({ status, headers: new Headers(headers), body, method: 'GET', url: 'https://x.test/api' }, '');
const v2 = (status: number, code: string, details?: Record<string, unknown>) =>
  failed(status, { error: { code, message: `${code} message`, request_id: 'req_9', ...(details ? { details } : {}) } });
const v1 = (status: number, code: string, issues?: { message: string }[]) =>
  failed(status, { message: `${code} message`, code, ...(issues ? { issues } : {}) }, { 'x-request-id': 'req_1' });

describe('toApiError: every v2 status and code in decisions.md', () => {
  it.each([
    [400, 'invalid_request', 'V2Error'],
    [401, 'unauthenticated', 'UnauthenticatedError'],
    [403, 'scope_required', 'ScopeRequiredError'],
    [403, 'forbidden', 'ForbiddenError'],
    [404, 'not_found', 'NotFoundError'],
    [409, 'idempotency_conflict', 'IdempotencyConflictError'],
    [410, 'unsupported_key_version', 'UnsupportedKeyVersionError'],
    [422, 'idempotency_key_reused', 'IdempotencyKeyReusedError'],
    [429, 'rate_limited', 'RateLimitedError'],
    [500, 'internal_error', 'V2Error'],
  ])('%i %s is a %s carrying status, code, message and request id', (status, code, name) => {
    const error = v2(status, code);
    expect(error.name).toBe(name);
    expect(error).toMatchObject({ status, code, message: `${code} message`, requestId: 'req_9' });
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiError);
  });

  it('keeps details: issues of invalid_request, required and granted of scope_required', () => {
    const invalid = v2(400, 'invalid_request', { issues: [{ path: 'text', message: 'too short' }] });
    expect(isV2Error(invalid) && invalid.details).toEqual({ issues: [{ path: 'text', message: 'too short' }] });
    const scope = v2(403, 'scope_required', { required: ['threads:write'], granted: ['threads:read'] });
    expect(isScopeRequiredError(scope)).toBe(true);
    expect(scope).toMatchObject({ required: ['threads:write'], granted: ['threads:read'] });
    expect(isV2Error(scope)).toBe(true);
    expect(isForbiddenError(scope)).toBe(false);
  });

  it('reads the rate-limit figures of a 429', () => {
    const error = failed(
      429,
      { error: { code: 'rate_limited', message: 'slow down', request_id: 'r' } },
      {
        'retry-after': '7',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1800000000',
      },
    );
    expect(isRateLimitedError(error)).toBe(true);
    expect(error).toMatchObject({ retryAfterMs: 7000, limit: 60, remaining: 0, reset: 1_800_000_000 });
  });

  it('tells how long to wait from X-RateLimit-Reset when a 429 has no Retry-After, as the client itself waits', () => {
    const reset = Math.floor(Date.now() / 1000) + 30;
    const error = failed(
      429,
      { message: 'slow down', code: 'TOO_MANY_REQUESTS' },
      { 'x-ratelimit-reset': String(reset) },
    );
    expect(isRateLimitedError(error) && error.retryAfterMs).toBeGreaterThan(28_000);
    expect(isRateLimitedError(error) && error.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(failed(429, undefined)).toMatchObject({ retryAfterMs: undefined });
  });
});

describe('toApiError: every v1 status and code in decisions.md', () => {
  it.each([
    [400, 'BAD_REQUEST', 'V1Error'],
    [401, 'UNAUTHORIZED', 'UnauthenticatedError'],
    [403, 'FORBIDDEN', 'ForbiddenError'],
    [404, 'NOT_FOUND', 'NotFoundError'],
    [409, 'CONFLICT', 'V1Error'],
    [429, 'TOO_MANY_REQUESTS', 'RateLimitedError'],
    [500, 'INTERNAL_SERVER_ERROR', 'V1Error'],
  ])('%i %s is a %s', (status, code, name) => {
    const error = v1(status, code);
    expect(error.name).toBe(name);
    expect(error).toMatchObject({ status, code, message: `${code} message`, requestId: 'req_1' });
  });

  it('keeps the issues of a 400', () => {
    const error = v1(400, 'BAD_REQUEST', [{ message: 'email: invalid' }, { message: 'name: too long' }]);
    expect(isV1Error(error)).toBe(true);
    expect(error).toBeInstanceOf(V1Error);
    expect((error as V1Error).issues.map((issue) => issue.message)).toEqual(['email: invalid', 'name: too long']);
  });

  it('gives an unpublished portal the exact server message', () => {
    const error = failed(404, { message: 'Workspace not found', code: 'NOT_FOUND' });
    expect(isNotFoundError(error) && error.message).toBe('Workspace not found');
  });
});

describe('toApiError without a known body', () => {
  it('falls back to the status for the class and an http_<status> code', () => {
    const gateway = failed(502, '<html>Bad gateway</html>');
    expect(gateway).toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'http_502',
      body: '<html>Bad gateway</html>',
    });
    expect(failed(401, undefined).name).toBe('UnauthenticatedError');
  });
});

describe('guards', () => {
  it('recognise errors by name, across realms and copies of the package', () => {
    const foreign = runInNewContext('const e = new Error("gone"); e.name = "NotFoundError"; e');
    expect(foreign instanceof NotFoundError).toBe(false);
    expect(isNotFoundError(foreign)).toBe(true);
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError({ name: 'TypeError' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError('NotFoundError')).toBe(false);
  });

  it('keep the families apart', () => {
    expect(isV1Error(v2(400, 'invalid_request'))).toBe(false);
    expect(isV2Error(v1(400, 'BAD_REQUEST'))).toBe(false);
    expect(isUnauthenticatedError(v1(401, 'UNAUTHORIZED'))).toBe(true);
    expect(isUnsupportedKeyVersionError(v2(410, 'unsupported_key_version'))).toBe(true);
    expect(isIdempotencyConflictError(v2(409, 'idempotency_conflict'))).toBe(true);
    expect(isIdempotencyKeyReusedError(v2(422, 'idempotency_key_reused'))).toBe(true);
    expect(v2(400, 'invalid_request')).toBeInstanceOf(V2Error);
    expect(isTimeoutError(new DOMException('late', 'TimeoutError'))).toBe(true);
  });
});
