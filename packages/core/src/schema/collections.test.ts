import { describe, expect, it } from 'vitest';
import { minLength } from './checks.ts';
import { array, record } from './collections.ts';
import { object } from './object.ts';
import { number, string } from './primitives.ts';
import { issuesOf, outputOf } from './test-helpers.ts';

describe('array', () => {
  it('parses every item into a new array', () => {
    const input = [{ n: 1, x: true }];
    const output = outputOf(array(object({ n: number() })), input);
    expect(output).toEqual([{ n: 1 }]);
    expect(output).not.toBe(input);
  });

  it('names the index of every failed item', () => {
    expect(issuesOf(array(string()), ['a', 1, 'b', null])).toEqual([
      { code: 'invalid_type', path: [1], message: 'expected string' },
      { code: 'invalid_type', path: [3], message: 'expected string' },
    ]);
    expect(issuesOf(array(string()), { 0: 'a' })).toEqual([
      { code: 'invalid_type', path: [], message: 'expected array' },
    ]);
  });
});

describe('record', () => {
  it('checks every key and value of a map-like object', () => {
    const counts = record(string().check(minLength(2)), number());
    expect(outputOf(counts, { ab: 1, cd: 2 })).toEqual({ ab: 1, cd: 2 });
    expect(issuesOf(counts, { ab: 'x', c: 1 })).toEqual([
      { code: 'invalid_type', path: ['ab'], message: 'expected number' },
      { code: 'too_small', path: ['c'], message: 'must be at least 2 characters' },
    ]);
    expect(issuesOf(counts, [])).toEqual([{ code: 'invalid_type', path: [], message: 'expected record' }]);
  });

  it('keeps a __proto__ key as data', () => {
    const output = outputOf(record(string(), number()), JSON.parse('{"__proto__":1}')) as object;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toBe(1);
  });
});
