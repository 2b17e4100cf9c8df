import { describe, expect, it } from 'vitest';
import { boolean, int, number, string, unknown, url } from './primitives.ts';
import { issuesOf, outputOf } from './test-helpers.ts';
import { literal, picklist } from './values.ts';

describe('primitives', () => {
  it('string, number and boolean accept their own type and name it when given another', () => {
    expect(outputOf(string(), '')).toBe('');
    expect(outputOf(number(), -1.5)).toBe(-1.5);
    expect(outputOf(boolean(), false)).toBe(false);
    expect(issuesOf(string(), 1)).toEqual([{ code: 'invalid_type', path: [], message: 'expected string' }]);
    expect(issuesOf(number(), '1')).toEqual([{ code: 'invalid_type', path: [], message: 'expected number' }]);
    expect(issuesOf(boolean(), 'true')).toEqual([{ code: 'invalid_type', path: [], message: 'expected boolean' }]);
  });

  it('number refuses NaN and infinities', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(issuesOf(number(), value)).toMatchObject([{ code: 'invalid_type', message: 'expected number' }]);
    }
  });

  it('int takes safe integers only', () => {
    expect(outputOf(int(), -3)).toBe(-3);
    expect(issuesOf(int(), 'x')).toMatchObject([{ code: 'invalid_type', message: 'expected number' }]);
    expect(issuesOf(int(), 1.5)).toMatchObject([{ code: 'invalid_type', message: 'expected int' }]);
    expect(issuesOf(int(), 2 ** 60)).toMatchObject([{ code: 'too_big', message: 'must be at most 9007199254740991' }]);
    expect(issuesOf(int(), -(2 ** 60))).toMatchObject([{ code: 'too_small' }]);
  });

  it('unknown takes anything, undefined included', () => {
    for (const value of [undefined, null, 0, 'x', [1], { a: 1 }]) expect(outputOf(unknown(), value)).toBe(value);
  });

  it('url takes what URL parses and keeps the text as given', () => {
    expect(outputOf(url(), 'https://example.com/a b')).toBe('https://example.com/a b');
    expect(outputOf(url(), 'mailto:ann@example.com')).toBe('mailto:ann@example.com');
    expect(issuesOf(url(), 'example.com')).toEqual([
      { code: 'invalid_format', path: [], message: 'must be a valid url' },
    ]);
    expect(issuesOf(url(), 5)).toMatchObject([{ code: 'invalid_type' }]);
  });

  it('literal and picklist take only their values and list them', () => {
    expect(outputOf(literal('doc'), 'doc')).toBe('doc');
    expect(issuesOf(literal('doc'), 'Doc')).toEqual([
      { code: 'invalid_value', path: [], message: 'must be one of doc' },
    ]);
    const level = picklist(['LOW', 'HIGH']);
    expect(outputOf(level, 'HIGH')).toBe('HIGH');
    expect(issuesOf(level, 'low')).toEqual([{ code: 'invalid_value', path: [], message: 'must be one of LOW, HIGH' }]);
    expect(issuesOf(level, null)).toMatchObject([{ code: 'invalid_value' }]);
  });
});
