import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createContactInputSchema, updateCompanyInputSchema } from './schemas/v1.ts';
import { createThreadInputSchema } from './schemas/v2.ts';
import { parseResponse, validateInput } from './validate.ts';

const rejection = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as Error & { field: string };
  }
  throw new Error('expected a RequestValidationError');
};

describe('validateInput', () => {
  it('writes messages that name the field and the rule', () => {
    expect(rejection(() => validateInput(createThreadInputSchema, { text: '' })).message).toBe(
      'Invalid request: text must not be empty',
    );
    expect(rejection(() => validateInput(createThreadInputSchema, { text: 'x', extra: 1, more: 2 })).message).toBe(
      'Invalid request: extra is not a known field; more is not a known field',
    );
    expect(rejection(() => validateInput(updateCompanyInputSchema, { name: 'x'.repeat(300) })).message).toBe(
      'Invalid request: name must be at most 255 characters',
    );
    expect(
      rejection(() => validateInput(createContactInputSchema, { email: 'a@b.co', companyId: 'a', companyName: 'b' })),
    ).toMatchObject({
      field: 'companyId',
      message: 'Invalid request: companyId give at most one of companyId, companyName, companyExternalId',
    });
    expect(rejection(() => validateInput(z.string(), 3, 'id'))).toMatchObject({
      field: 'id',
      message: 'Invalid request: id expected string',
    });
  });

  it('checks emails by the <input type=email> rule, with the message zod’s email format gives', () => {
    for (const email of ['a@b.co', 'ann@localhost', "o'neil+tag@mail.example.org"]) {
      expect(validateInput(createThreadInputSchema, { text: 'x', contact_email: email }).contact_email).toBe(email);
    }
    for (const email of ['a@b..co', 'a@-b.co', 'a b@c.co', '@b.co', 'a@']) {
      expect(rejection(() => validateInput(createThreadInputSchema, { text: 'x', contact_email: email })).message).toBe(
        'Invalid request: contact_email must be a valid email',
      );
    }
  });

  it('property: never quotes the rejected value', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[^@]{1,30}$/), (noise) => {
        const value = `SECRET${noise}`;
        for (const input of [
          { text: 'x', contact_email: value },
          { text: 'x', pain_level: value },
          { text: 'x', [value]: 1 },
        ]) {
          const error = rejection(() => validateInput(createThreadInputSchema, input));
          const shown = error.message.replace(value, '');
          // An unknown key is named (it is the field), but never a value.
          expect(shown).not.toContain('SECRET');
        }
      }),
    );
  });
});

describe('parseResponse', () => {
  const schema = z.object({ n: z.number() });
  const request = { method: 'GET', url: 'https://x.test/n' };

  it('strict throws, lenient reports and returns the body, off returns it unchecked', () => {
    expect(() => parseResponse(schema, { n: 'one' }, {}, request)).toThrow(
      'Unexpected response from GET https://x.test/n: n expected number',
    );
    const onResponseShapeError = vi.fn();
    expect(parseResponse(schema, { n: 'one' }, { validation: 'lenient', onResponseShapeError }, request)).toEqual({
      n: 'one',
    });
    expect(onResponseShapeError.mock.calls[0]?.[0]).toMatchObject({
      name: 'ResponseShapeError',
      issues: [{ path: ['n'] }],
    });
    expect(parseResponse(schema, { n: 'one' }, { validation: 'off' }, request)).toEqual({ n: 'one' });
  });

  it('strips unknown properties from a valid body', () => {
    expect(parseResponse(schema, { n: 1, extra: true }, {}, request)).toEqual({ n: 1 });
  });
});
