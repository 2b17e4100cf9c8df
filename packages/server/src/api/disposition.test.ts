import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './register.ts';

/** The characters RFC 8187's attr-char allows unencoded in an ext-value. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~%]*$/;

describe('attachmentDisposition', () => {
  it('keeps a plain name plain', () => {
    expect(attachmentDisposition('shot.png')).toBe('attachment; filename="shot.png"');
    expect(attachmentDisposition(undefined)).toBe('attachment');
  });

  it.each([
    ["it's (final)*.png"],
    ['résumé.pdf'],
    ['截图 1.png'],
    ['a"b\\c.png'],
    ['line\r\nInjected: yes.png'],
    ["x'; filename=evil.html"],
    ['😀.webp'],
  ])('spells %j so a strict parser takes it and a header cannot be injected', (name) => {
    const header = attachmentDisposition(name);
    // A valid header value: printable ASCII only.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    new Headers({ 'content-disposition': header });
    const extended = header.match(/filename\*=UTF-8''(.*)$/)?.[1];
    if (extended !== undefined) {
      expect(extended).toMatch(ATTR_CHAR);
      expect(decodeURIComponent(extended)).toBe(name);
    } else {
      expect(header).toBe(`attachment; filename="${name.replace(/(["\\])/g, '\\$1')}"`);
    }
  });
});
