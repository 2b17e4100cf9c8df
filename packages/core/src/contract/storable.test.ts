import { describe, expect, it } from 'vitest';
import { findUnstorable, MAX_JSON_DEPTH, unstorableString } from './storable.ts';

describe('findUnstorable', () => {
  it('names a lone surrogate anywhere in a body, high or low, in a value or a key', () => {
    for (const [body, path] of [
      [{ text: 'a\ud800b' }, 'text'],
      [{ text: 'ok', metadata: { page: 'x\udc00' } }, 'metadata.page'],
      [{ notes: ['fine', '\udbff'] }, 'notes.1'],
      [{ metadata: { 'k\ud800': 'v' } }, 'metadata.k\ud800'],
      ['\udfff', '(body)'],
    ] as const) {
      expect(findUnstorable(body)).toEqual({ path, message: expect.stringContaining('lone surrogate') });
    }
  });

  it('keeps surrogate pairs, emoji and every other character', () => {
    expect(findUnstorable({ text: '😀 \ud83d\ude00 ä 中 \u2028', metadata: { '😀': 'é' } })).toBeUndefined();
    expect(unstorableString('\ud800\udc00')).toBeUndefined();
  });

  it('names NUL in a value or a key', () => {
    expect(findUnstorable({ a: { b: 'x\u0000' } })).toEqual({
      path: 'a.b',
      message: 'must not contain NUL characters',
    });
    expect(findUnstorable({ 'a\u0000': 1 })?.message).toBe('must not contain NUL characters');
  });

  it('refuses __proto__ as an unknown property at any depth', () => {
    expect(findUnstorable(JSON.parse('{"__proto__":{"x":1}}'))).toEqual({
      path: '__proto__',
      message: 'unknown property',
    });
    expect(findUnstorable(JSON.parse('{"metadata":{"__proto__":"x"}}'))).toEqual({
      path: 'metadata.__proto__',
      message: 'unknown property',
    });
    expect(findUnstorable(JSON.parse('{"a":[{"b":{"__proto__":null}}]}'))?.path).toBe('a.0.b.__proto__');
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)?.message).toContain(`more than ${MAX_JSON_DEPTH} levels`);
  });
});
