import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.ts';

const refusal = (path: unknown) => ({ details: { issues: [{ path, message: 'must be a valid email' }] } });

describe('fieldErrors', () => {
  it('links an issue to its form field whether the path is dotted, as the service writes it, or an array', () => {
    const expected = { email: { code: 'refused', message: 'must be a valid email' } };
    expect(fieldErrors(refusal('contact_email'))).toEqual(expected);
    expect(fieldErrors(refusal(['contact_email']))).toEqual(expected);
    expect(fieldErrors(refusal('contact_email.domain'))).toEqual(expected);
  });

  it('leaves out issues of fields the form does not have', () => {
    expect(fieldErrors(refusal('assignee_id'))).toEqual({});
    expect(fieldErrors(refusal(undefined))).toEqual({});
  });

  it('takes the field of a client-side RequestValidationError', () => {
    expect(fieldErrors({ field: 'pain_level', message: 'must be one of UNKNOWN, LOW' })).toEqual({
      painLevel: { code: 'refused', message: 'must be one of UNKNOWN, LOW' },
    });
  });
});
