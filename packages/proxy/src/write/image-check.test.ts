import { SCREENSHOT_MAX_SIDE } from '@hearken/core';
import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from '@hearken/test-support';
import { SEED } from '@hearken/test-support/fuzz';
import { hostileImage } from '@hearken/test-support/hostile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkImage } from './image-check.ts';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const text = (value: string) => new TextEncoder().encode(value);
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** CRC-32 (zlib's), to build well-formed chunks. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with a correct CRC. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(text(type), 4);
  const tail = new Uint8Array(4);
  new DataView(tail.buffer).setUint32(0, crc32(concat(text(type), data)));
  return concat(head, data, tail);
}

const png = bytesOf(PNG_BASE64);
const jpeg = bytesOf(JPEG_BASE64);
const webp = bytesOf(WEBP_BASE64);
/** The PNG with `extra` put before IEND. */
const pngWith = (...extra: Uint8Array[]) =>
  concat(png.subarray(0, png.length - 12), ...extra, png.subarray(png.length - 12));
/** The JPEG with a segment put right after SOI. */
const jpegWith = (marker: number, data: Uint8Array) =>
  concat(
    jpeg.subarray(0, 2),
    new Uint8Array([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]),
    data,
    jpeg.subarray(2),
  );

describe('checkImage', () => {
  it('drops text, archives and unknown chunks of a well-formed PNG instead of carrying them through', async () => {
    for (const extra of [
      chunk('tEXt', text('Comment\0<img src=x onerror=alert(1)>')),
      chunk('iTXt', text('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>')),
      chunk('zTXt', text('k\0\0x\x9c')),
      // An archive in an ancillary chunk of no known type.
      chunk('zipA', concat(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), text('payload.html<script>'))),
      chunk('eXIf', text('MM\0*')),
    ]) {
      const result = await checkImage(pngWith(extra));
      expect(result).toMatchObject({ ok: true, type: 'image/png' });
      expect(result.ok && result.bytes).toEqual(png);
    }
  });

  it('refuses a PNG with a bad chunk CRC, no image data, no IHDR first, or an animation', async () => {
    const badCrc = png.slice();
    badCrc[29] = badCrc[29]! ^ 1;
    const noData = concat(png.subarray(0, 33), png.subarray(png.length - 12));
    const animated = pngWith(chunk('acTL', new Uint8Array(8)));
    const corruptData = png.slice();
    corruptData[45] = corruptData[45]! ^ 0xff;
    for (const bytes of [badCrc, noData, animated, corruptData]) {
      expect(await checkImage(bytes)).toEqual({ ok: false, message: 'is not a well-formed PNG image' });
    }
  });

  it('refuses an image declaring more than the widget sends a side, however small the file', async () => {
    for (const [width, height] of [
      [SCREENSHOT_MAX_SIDE + 1, 2],
      [2, 40_000],
      [0x7fffffff, 0x7fffffff],
    ] as const) {
      const ihdr = png.slice(16, 29);
      new DataView(ihdr.buffer).setUint32(0, width);
      new DataView(ihdr.buffer).setUint32(4, height);
      const huge = concat(png.subarray(0, 8), chunk('IHDR', ihdr), png.subarray(33));
      expect(await checkImage(huge)).toEqual({ ok: false, message: expect.stringMatching(/at most 1920 a side/) });
    }
    const sof = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    const tall = jpeg.slice();
    tall[sof + 5] = 0xff;
    tall[sof + 6] = 0xff;
    expect(await checkImage(tall)).toMatchObject({ ok: false, message: expect.stringMatching(/65535/) });
  });

  it('drops JPEG comments and APP segments holding markup, and refuses a JPEG without a frame', async () => {
    for (const bytes of [
      jpegWith(0xfe, text('<img src=x onerror=alert(1)>')),
      jpegWith(0xe1, text('Exif\0\0<svg onload=alert(1)>')),
      jpegWith(0xed, concat(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), text('zip'))),
    ]) {
      const result = await checkImage(bytes);
      expect(result).toMatchObject({ ok: true, type: 'image/jpeg' });
      expect(result.ok && latin1(result.bytes)).not.toMatch(/onerror|onload|PK|ICC_PROFILE/);
    }
    const sof = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    const length = (jpeg[sof + 2]! << 8) | jpeg[sof + 3]!;
    const frameless = concat(jpeg.subarray(0, sof), jpeg.subarray(sof + 2 + length));
    expect(await checkImage(frameless)).toEqual({ ok: false, message: 'is not a well-formed JPEG image' });
    const unscanned = concat(jpeg.subarray(0, 2), new Uint8Array([0xff, 0xd9]));
    expect((await checkImage(unscanned)).ok).toBe(false);
  });

  it('re-wraps a WebP without its ICC, EXIF and XMP chunks, and refuses an animation', async () => {
    const result = await checkImage(webp);
    expect(result).toMatchObject({ ok: true, type: 'image/webp' });
    const kept = result.ok ? result.bytes : new Uint8Array();
    expect(latin1(kept)).not.toContain('ICCP');
    expect(new DataView(kept.buffer).getUint32(4, true)).toBe(kept.length - 8);
    // Once re-wrapped, it checks again to the same bytes.
    const again = await checkImage(kept);
    expect(again.ok && again.bytes).toEqual(kept);
    const anim = concat(text('ANIM'), new Uint8Array([6, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    const animated = concat(webp.subarray(0, 12), anim, webp.subarray(12));
    new DataView(animated.buffer).setUint32(4, animated.length - 8, true);
    expect(await checkImage(animated)).toEqual({ ok: false, message: 'is not a well-formed WebP image' });
  });
});

describe('checkImage, fuzzed with hostile images', () => {
  it('refuses each, or forwards bytes that hold no markup, declare at most the widget limit and check again to themselves', async () => {
    for (const base of [png, jpeg, webp]) {
      await fc.assert(
        fc.asyncProperty(hostileImage(base), async (bytes) => {
          const result = await checkImage(bytes);
          if (!result.ok) return;
          expect(latin1(result.bytes)).not.toMatch(/<(?:script|img|svg|html)/i);
          const again = await checkImage(result.bytes);
          expect(again.ok && again.bytes).toEqual(result.bytes);
        }),
        { seed: SEED, numRuns: 200 },
      );
    }
  });
});
