import { describe, expect, it } from 'vitest';
import { API_ERRORS, apiErrorEntry } from './error-catalogue.ts';

describe('API_ERRORS', () => {
  it('lists each entry under its own v2 code', () => {
    for (const [code, entry] of Object.entries(API_ERRORS)) expect(entry.code).toBe(code);
  });

  it('names a class either for its code or for its status, never both', () => {
    for (const entry of Object.values(API_ERRORS)) {
      expect('error' in entry && 'statusError' in entry).toBe(false);
    }
  });

  it('finds a listed code, and nothing for another or for an Object.prototype name', () => {
    expect(apiErrorEntry('rate_limited')).toMatchObject({ status: 429, v1: 'TOO_MANY_REQUESTS' });
    expect(apiErrorEntry('teapot')).toBeUndefined();
    expect(apiErrorEntry('toString')).toBeUndefined();
  });
});
