import { describe, expect, it } from 'vitest';
import { errorDetail } from './error-detail.ts';

const named = (name: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error('went wrong'), { name }, fields);

describe('errorDetail', () => {
  it("keeps an API error's code, status and request id", () => {
    const error = named('V2Error', { code: 'rate_limited', status: 429, requestId: 'req_1' });
    expect(errorDetail(error)).toEqual({
      code: 'rate_limited',
      message: 'went wrong',
      status: 429,
      requestId: 'req_1',
    });
  });

  it("names the client's own failures by their class name", () => {
    expect(errorDetail(named('NetworkError')).code).toBe('network_error');
    expect(errorDetail(named('TimeoutError')).code).toBe('timeout');
    expect(errorDetail(named('ResponseShapeError')).code).toBe('invalid_response');
    expect(errorDetail(named('RequestValidationError')).code).toBe('invalid_request');
  });

  it('describes anything else as unknown, without inventing a status', () => {
    expect(errorDetail('boom')).toEqual({ code: 'unknown_error', message: 'boom' });
    expect(errorDetail(named('TypeError'))).toEqual({ code: 'unknown_error', message: 'went wrong' });
  });
});
