import { describe, expect, it } from 'vitest';
import { array } from './collections.ts';
import { nullable, optional } from './modifiers.ts';
import { looseObject, object } from './object.ts';
import { number, string, unknown } from './primitives.ts';
import { issuesOf, outputOf } from './test-helpers.ts';
import { union } from './union.ts';
import { literal } from './values.ts';

describe('union', () => {
  const notes = union([string(), looseObject({ type: literal('doc'), content: array(unknown()) })]);

  it('gives the output of the first option the value passes', () => {
    expect(outputOf(notes, '<p>x</p>')).toBe('<p>x</p>');
    expect(outputOf(notes, { type: 'doc', content: [], version: 2 })).toEqual({ type: 'doc', content: [], version: 2 });
  });

  it('reports one invalid_union issue at its own path when no option passes', () => {
    expect(issuesOf(object({ notes }), { notes: { type: 'doc', content: 'x' } })).toEqual([
      { code: 'invalid_union', path: ['notes'], message: 'is invalid' },
    ]);
  });
});

describe('nullable and optional', () => {
  it('nullable adds null, optional adds undefined, and neither adds the other', () => {
    expect(outputOf(nullable(number()), null)).toBeNull();
    expect(issuesOf(nullable(number()), undefined)).toMatchObject([{ message: 'expected number' }]);
    expect(outputOf(optional(number()), undefined)).toBeUndefined();
    expect(issuesOf(optional(number()), null)).toMatchObject([{ message: 'expected number' }]);
    expect(outputOf(optional(nullable(number())), null)).toBeNull();
  });

  it('pass the inner value and its issues through', () => {
    expect(outputOf(nullable(object({ a: number() })), { a: 1, b: 2 })).toEqual({ a: 1 });
    expect(issuesOf(optional(object({ a: number() })), { a: 'x' })).toMatchObject([{ path: ['a'] }]);
  });
});
