import { describe, expect, it } from 'vitest';
import {
  type Encoder,
  encodeUnder,
  fitWithin,
  QUALITY_STEPS,
  SCREENSHOT_MAX_BYTES,
  ScreenshotTooLargeError,
} from './encode.ts';

/** An encoder whose output size is given per type and quality; records what it was asked. */
function fakeEncoder(size: (type: string, quality?: number) => number, answersAs?: (type: string) => string) {
  const calls: [string, number | undefined][] = [];
  const encode: Encoder = async (type, quality) => {
    calls.push([type, quality]);
    return new Blob([new Uint8Array(size(type, quality))], { type: answersAs?.(type) ?? type });
  };
  return { encode, calls };
}

describe('fitWithin', () => {
  it('scales the longest side down to 1920 and keeps the aspect', () => {
    expect(fitWithin(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithin(1000, 4000)).toEqual({ width: 480, height: 1920 });
  });

  it('never scales up', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('encodeUnder', () => {
  it('keeps a small PNG of a capture', async () => {
    const { encode, calls } = fakeEncoder(() => 200_000);
    const result = await encodeUnder(encode, { lossless: true });
    expect(result.type).toBe('image/png');
    expect(calls).toEqual([['image/png', undefined]]);
  });

  it('goes lossy when the PNG is too big, stepping quality down until it fits', async () => {
    const { encode, calls } = fakeEncoder((type, quality = 1) =>
      type === 'image/png' ? 3_000_000 : Math.round(quality * 1_500_000),
    );
    const result = await encodeUnder(encode, { lossless: true });
    expect(result.type).toBe('image/webp');
    expect(result.blob.size).toBeLessThanOrEqual(SCREENSHOT_MAX_BYTES);
    const qualities = calls.slice(1).map(([, quality]) => quality);
    expect(qualities).toEqual(QUALITY_STEPS.slice(0, qualities.length));
    expect(qualities.at(-1)).toBeLessThan(0.7);
  });

  it('starts lossy for photos', async () => {
    const { encode, calls } = fakeEncoder(() => 100_000);
    expect((await encodeUnder(encode)).type).toBe('image/webp');
    expect(calls).toEqual([['image/webp', QUALITY_STEPS[0]]]);
  });

  it('falls back to JPEG where the browser cannot encode WebP', async () => {
    const { encode } = fakeEncoder(
      () => 100_000,
      (type) => (type === 'image/webp' ? 'image/png' : type),
    );
    const result = await encodeUnder(encode);
    expect(result.type).toBe('image/jpeg');
    expect(result.blob.type).toBe('image/jpeg');
  });

  it('refuses an image that stays too big at the lowest quality, naming its size', async () => {
    const { encode } = fakeEncoder(() => 2_000_000);
    const refusal = await encodeUnder(encode, { lossless: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ScreenshotTooLargeError);
    expect(refusal).toMatchObject({
      name: 'ScreenshotTooLargeError',
      bytes: 2_000_000,
      maxBytes: SCREENSHOT_MAX_BYTES,
    });
  });
});
