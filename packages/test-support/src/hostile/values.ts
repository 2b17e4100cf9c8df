import fc from 'fast-check';

/**
 * Generators of hostile input for the fuzz tests (the server's and the proxy's): odd and long
 * Unicode, boundary numbers, wrong types, malformed and deeply nested JSON.
 */

/** A string with an unpaired UTF-16 surrogate somewhere in it: no database can store it. */
export const loneSurrogate: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 }))
  .map(
    ([before, unit, after]) =>
      `${before.replace(/[\ud800-\udfff]/g, '')}${String.fromCharCode(unit)}${after.replace(/[\ud800-\udfff]/g, '')}`,
  );

/** File names strict Content-Disposition parsers and file systems stumble on. */
export const hostileName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "it's (final)*.png",
    'a"b\\c.png',
    'x; filename=evil.html',
    "x'; filename*=UTF-8''evil.html",
    'line\r\nSet-Cookie: a=b.png',
    '截图 2026.png',
    'résumé.pdf',
    '😀.webp',
    '%2e%2e%2fetc.png',
    '..\\..\\win.ini',
    ' .png',
    'a'.repeat(255),
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((name) => `${name}.png`),
);

/** Strings a form field should never be trusted with. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: hostileName },
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

/** CRC-32 (zlib's), so a generated PNG chunk can be well-formed. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk of `type` holding `data`, its CRC right or, when `broken`, wrong. */
export function pngChunk(type: string, data: Uint8Array, broken = false): Uint8Array {
  const typeBytes = new TextEncoder().encode(type);
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(typeBytes, 4);
  out.set(data, 8);
  const crc = crc32(out.subarray(4, 8 + data.length));
  view.setUint32(8 + data.length, broken ? crc ^ 1 : crc);
  return out;
}

/**
 * Hostile screenshots made from a real image (`base`, bytes): a chunk of text, markup or an
 * archive inserted before its end, a flipped byte, bytes after its end, or a truncation.
 */
export const hostileImage = (base: Uint8Array): fc.Arbitrary<Uint8Array> => {
  const encoder = new TextEncoder();
  const before = (extra: Uint8Array) => {
    const out = new Uint8Array(base.length + extra.length);
    out.set(base.subarray(0, base.length - 12));
    out.set(extra, base.length - 12);
    out.set(base.subarray(base.length - 12), base.length - 12 + extra.length);
    return out;
  };
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('tEXt', 'iTXt', 'zTXt', 'eXIf', 'zipA', 'iCCP', 'acTL'),
        fc.constantFrom('<img src=x onerror=alert(1)>', 'PK\u0003\u0004payload', 'Comment\u0000<svg onload=x>', ''),
        fc.boolean(),
      )
      .map(([type, text, broken]) => before(pngChunk(type, encoder.encode(text), broken))),
    fc.nat({ max: base.length - 1 }).map((at) => {
      const out = base.slice();
      out[at] = out[at]! ^ 0xff;
      return out;
    }),
    fc.constantFrom('<html><script>alert(1)</script>', 'PK\u0003\u0004').map((text) => {
      const tail = encoder.encode(text);
      const out = new Uint8Array(base.length + tail.length);
      out.set(base);
      out.set(tail, base.length);
      return out;
    }),
    fc.nat({ max: base.length - 1 }).map((length) => base.slice(0, length)),
  );
};
