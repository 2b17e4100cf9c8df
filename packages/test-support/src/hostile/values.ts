import fc from 'fast-check';

/**
 * Generators of hostile input for the fuzz tests (the server's and the proxy's): odd and long
 * Unicode, boundary numbers, wrong types, malformed and deeply nested JSON.
 */

/** Strings a form field should never be trusted with. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '\u202egnp.exe',
      '\ufeff',
      '%00',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '$where',
      '__proto__',
      '😀'.repeat(100),
      'Ω'.repeat(300),
      'a@b.co',
      `${'a'.repeat(300)}@example.com`,
      `a@${'b'.repeat(250)}.com`,
      'Acme.com',
      '-acme-.com',
      '2026-13-45T99:99Z',
      '2026-01-01T00:00:00+99:99',
      '0000-01-01T00:00:00Z',
      '2026-11-01T12:00:00Z',
      '9999-12-31T23:59:59.999Z',
      'NaN',
      '1e999',
      'ADMIN',
      'NEW',
      'SNOOZED',
      'HIGH',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((length) => 'a'.repeat(length)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1000 }).map((length) => 'é\u0301😀'.repeat(length)) },
);

/** Numbers at the edges of what a column, an index or JSON can hold. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      0,
      -0,
      -1,
      0.5,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 53,
      -(2 ** 53),
      1e19,
      1e308,
      5e-324,
      201,
      100,
      101,
    ),
  },
);

/** Any JSON value a field might be sent instead of the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber, fc.constant(null)), { maxLength: 120 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** JSON text nested `depth` levels deep, in arrays or objects. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 8000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** Text that is not JSON, or JSON a careless parser mishandles. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":}',
    '[1,]',
    '{"text":"x",}',
    "{'text':'x'}",
    'nul',
    'NaN',
    '1e99999',
    '"\\ud800"',
    '\ufeff{}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"text":"a","text":"b"}',
    '{"text":"\\u0000"}',
    '[]',
    '"just a string"',
    '42',
    'true',
    'null',
  ),
  fc.json().map((text) => text.slice(0, Math.max(0, text.length - 1))),
);

/** Makes any string safe to send as an HTTP header value (Node refuses control characters). */
export const asHeaderValue = (value: string): string => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 4000);

/** Percent-encodes what a request target cannot hold raw, keeping the odd but legal characters. */
export const asPathSegment = (value: string): string =>
  [...value]
    .map((char) => {
      if (/[\x21-\x7e]/.test(char) && char !== '?' && char !== '#') return char;
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as the UTF-8 bytes no decoder accepts
      }
    })
    .join('');
