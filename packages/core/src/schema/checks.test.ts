import { describe, expect, it } from 'vitest';
import { gte, lte, maxLength, minLength, refine, regex } from './checks.ts';
import { array } from './collections.ts';
import { object } from './object.ts';
import { int, number, string } from './primitives.ts';
import { issuesOf, outputOf } from './test-helpers.ts';

describe('checks', () => {
  it('minLength and maxLength count characters of strings and items of arrays', () => {
    const text = string().check(minLength(2), maxLength(3));
    expect(outputOf(text, 'abc')).toBe('abc');
    expect(issuesOf(text, 'a')).toEqual([{ code: 'too_small', path: [], message: 'must be at least 2 characters' }]);
    expect(issuesOf(text, 'abcd')).toEqual([{ code: 'too_big', path: [], message: 'must be at most 3 characters' }]);
    const list = array(number()).check(minLength(2), maxLength(2));
    expect(issuesOf(list, [1])).toMatchObject([{ message: 'must be at least 2 items' }]);
    expect(issuesOf(list, [1, 2, 3])).toMatchObject([{ message: 'must be at most 2 items' }]);
  });

  it('a minimum length of one reads as "must not be empty"', () => {
    expect(issuesOf(string().check(minLength(1)), '')).toMatchObject([{ message: 'must not be empty' }]);
    expect(issuesOf(array(string()).check(minLength(1)), [])).toMatchObject([{ message: 'must not be empty' }]);
  });

  it('gte and lte bound numbers inclusively', () => {
    const percent = number().check(gte(0), lte(100));
    expect(outputOf(percent, 0)).toBe(0);
    expect(outputOf(percent, 100)).toBe(100);
    expect(issuesOf(percent, -0.1)).toEqual([{ code: 'too_small', path: [], message: 'must be at least 0' }]);
    expect(issuesOf(percent, 100.1)).toEqual([{ code: 'too_big', path: [], message: 'must be at most 100' }]);
  });

  it('regex shows the pattern unless given a message, and never the value', () => {
    expect(issuesOf(string().check(regex(/^a+$/)), 'SECRET')).toEqual([
      { code: 'invalid_format', path: [], message: 'must match /^a+$/' },
    ]);
    expect(issuesOf(string().check(regex(/^a+$/, 'must be all a')), 'b')).toMatchObject([{ message: 'must be all a' }]);
  });

  it('reports every broken rule, not just the first', () => {
    expect(issuesOf(string().check(minLength(1)).check(regex(/^a$/)), '').map((issue) => issue.code)).toEqual([
      'too_small',
      'invalid_format',
    ]);
  });

  it('runs no rule on a value of the wrong type', () => {
    expect(issuesOf(int().check(gte(1)), 0.5)).toEqual([{ code: 'invalid_type', path: [], message: 'expected int' }]);
    expect(issuesOf(string().check(minLength(1)), 3)).toHaveLength(1);
  });

  it('refine reports a custom issue with its message, at its path below the value', () => {
    const pair = object({ a: number(), b: number() }).check(
      refine((value) => value.a < value.b, { message: 'a must be below b', path: ['a'] }),
    );
    expect(outputOf(pair, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(issuesOf(pair, { a: 2, b: 1 })).toEqual([{ code: 'custom', path: ['a'], message: 'a must be below b' }]);
    expect(issuesOf(number().check(refine((n) => n % 2 === 0)), 3)).toEqual([
      { code: 'custom', path: [], message: 'is invalid' },
    ]);
  });

  it('check returns a new schema and leaves the one it was called on as it was', () => {
    const base = string();
    base.check(minLength(5));
    expect(outputOf(base, 'x')).toBe('x');
  });
});
