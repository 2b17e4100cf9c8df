import { describe, expect, it } from 'vitest';
import { sha256Hex, webSha256Hex } from './sha256.ts';

describe('sha256Hex', () => {
  it('gives the standard digests (FIPS 180-2 "abc", the empty string)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('agrees with Web Crypto on any text, so instances on other runtimes share their keys', async () => {
    for (const text of [
      'Export times out\nthe export button',
      'تصدير البيانات لا يعمل',
      '导出失败 🚀',
      'a\u0000b',
      'x'.repeat(10_000),
    ]) {
      expect(await sha256Hex(text)).toBe(await webSha256Hex(text));
    }
  });
});
