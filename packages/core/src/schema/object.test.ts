import { describe, expect, it } from 'vitest';
import { minLength, refine } from './checks.ts';
import { nullable, optional } from './modifiers.ts';
import { looseObject, object, strictObject } from './object.ts';
import { number, string, unknown } from './primitives.ts';
import { issuesOf, outputOf } from './test-helpers.ts';

const shape = { id: string(), note: optional(string()) };

describe('object', () => {
  it('keeps the known keys, drops the others and leaves a missing optional key out', () => {
    expect(outputOf(object(shape), { id: 'a', extra: 1 })).toEqual({ id: 'a' });
    expect(Object.keys(outputOf(object(shape), { id: 'a' }) as object)).toEqual(['id']);
    expect(Object.keys(outputOf(object(shape), { id: 'a', note: undefined }) as object)).toEqual(['id', 'note']);
  });

  it('names every failed key and reports them all', () => {
    expect(issuesOf(object({ a: string(), b: number(), c: nullable(string()) }), { b: 'x', c: 1 })).toEqual([
      { code: 'invalid_type', path: ['a'], message: 'expected string' },
      { code: 'invalid_type', path: ['b'], message: 'expected number' },
      { code: 'invalid_type', path: ['c'], message: 'expected string' },
    ]);
  });

  it('refuses what is not a plain object', () => {
    for (const value of [null, [], 'x', 1, undefined]) {
      expect(issuesOf(object(shape), value)).toEqual([{ code: 'invalid_type', path: [], message: 'expected object' }]);
    }
  });

  it('reports a missing key whose schema takes undefined as required', () => {
    expect(issuesOf(object({ data: unknown() }), {})).toEqual([
      { code: 'invalid_type', path: ['data'], message: 'is required' },
    ]);
    expect(outputOf(object({ data: unknown() }), { data: undefined })).toEqual({ data: undefined });
  });

  it('gives nested paths', () => {
    const outer = object({ inner: object({ name: string().check(minLength(1)) }) });
    expect(issuesOf(outer, { inner: { name: '' } })).toEqual([
      { code: 'too_small', path: ['inner', 'name'], message: 'must not be empty' },
    ]);
  });

  it('exposes its shape for building other objects', () => {
    const wider = object({ ...object(shape).shape, n: number() });
    expect(outputOf(wider, { id: 'a', n: 1 })).toEqual({ id: 'a', n: 1 });
  });
});

describe('strictObject', () => {
  it('names each unknown key in an issue of its own', () => {
    expect(issuesOf(strictObject(shape), { id: 'a', x: 1, y: 2 })).toEqual([
      { code: 'unrecognized_keys', path: ['x'], message: 'is not a known field' },
      { code: 'unrecognized_keys', path: ['y'], message: 'is not a known field' },
    ]);
  });

  it('treats inherited names like constructor and __proto__ as unknown keys', () => {
    const input = JSON.parse('{"id":"a","constructor":1,"__proto__":{"x":1}}');
    expect(issuesOf(strictObject(shape), input).map((issue) => issue.path)).toEqual([['constructor'], ['__proto__']]);
  });

  it('still runs its rules after unknown keys, but not after a wrong type', () => {
    const nonEmpty = strictObject({ a: optional(string()) }).check(
      refine((value) => Object.keys(value).length > 0, { message: 'set a field' }),
    );
    expect(issuesOf(nonEmpty, { x: 1 }).map((issue) => issue.code)).toEqual(['unrecognized_keys', 'custom']);
    expect(issuesOf(nonEmpty, { a: 1 }).map((issue) => issue.code)).toEqual(['invalid_type']);
  });
});

describe('looseObject', () => {
  it('keeps unknown keys as they are, checking the known ones', () => {
    expect(outputOf(looseObject({ type: string() }), { type: 'doc', attrs: { a: 1 } })).toEqual({
      type: 'doc',
      attrs: { a: 1 },
    });
    expect(issuesOf(looseObject({ type: string() }), { type: 1, attrs: 1 })).toMatchObject([{ path: ['type'] }]);
  });

  it('copies a __proto__ key as data, never as the prototype', () => {
    const output = outputOf(looseObject({}), JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.hasOwn(output, '__proto__')).toBe(true);
    expect((output as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
