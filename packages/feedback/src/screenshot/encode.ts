import { type ProxyImageType, SCREENSHOT_MAX_SIDE } from '@hearken/core';

export { SCREENSHOT_MAX_SIDE };
/** Largest sent screenshot, in bytes (the key proxy takes up to 2 MB by default). */
export const SCREENSHOT_MAX_BYTES = 1024 * 1024;
/** Lossy qualities tried, best first, until the image fits {@link SCREENSHOT_MAX_BYTES}. */
export const QUALITY_STEPS: readonly number[] = [0.92, 0.85, 0.75, 0.65, 0.55, 0.45, 0.35];

/** An image ready to send: re-encoded pixels only, no metadata. */
export interface EncodedImage {
  blob: Blob;
  type: ProxyImageType;
  width: number;
  height: number;
}

/** The image stays above the size limit at the lowest quality: it is not sent. */
export class ScreenshotTooLargeError extends Error {
  override readonly name = 'ScreenshotTooLargeError';
  constructor(
    /** Size of the smallest encoding tried, in bytes. */
    readonly bytes: number,
    readonly maxBytes: number,
  ) {
    super(`The image is ${bytes} bytes at its lowest quality, above the limit of ${maxBytes} bytes.`);
  }
}

/** The image cannot be read (not an image, or a type the browser cannot decode). */
export class ScreenshotUnreadableError extends Error {
  override readonly name = 'ScreenshotUnreadableError';
  constructor(readonly type: string) {
    super(`The file (${type || 'unknown type'}) could not be read as an image.`);
  }
}

/** `width` x `height` scaled down (never up) so its longest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = SCREENSHOT_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes the pixels of one canvas; the browser may answer with another type than asked for. */
export type Encoder = (type: ProxyImageType, quality?: number) => Promise<Blob>;

export interface EncodeUnderOptions {
  maxBytes?: number;
  /** Try PNG first (a capture of a page, a PNG file): kept when it fits, sharp and exact. */
  lossless?: boolean;
}

/**
 * The first encoding that fits `maxBytes`: PNG when `lossless` and small enough, else WebP (JPEG
 * where the browser cannot encode WebP) at each of {@link QUALITY_STEPS}. Rejects with
 * {@link ScreenshotTooLargeError} when even the lowest quality is too big.
 */
export async function encodeUnder(
  encode: Encoder,
  { maxBytes = SCREENSHOT_MAX_BYTES, lossless = false }: EncodeUnderOptions = {},
): Promise<{ blob: Blob; type: ProxyImageType }> {
  let smallest = Number.POSITIVE_INFINITY;
  if (lossless) {
    const png = await encode('image/png');
    if (png.size <= maxBytes) return { blob: png, type: 'image/png' };
    smallest = png.size;
  }
  let type: ProxyImageType = 'image/webp';
  for (const quality of QUALITY_STEPS) {
    let blob = await encode(type, quality);
    // A browser without a WebP encoder answers with PNG, the one type every canvas encodes.
    if (blob.type !== type && type === 'image/webp') {
      type = 'image/jpeg';
      blob = await encode(type, quality);
    }
    if (blob.size <= maxBytes) return { blob, type };
    smallest = Math.min(smallest, blob.size);
  }
  throw new ScreenshotTooLargeError(smallest, maxBytes);
}

/** A canvas of `width` x `height`: an `OffscreenCanvas` where there is one, so encoding needs no DOM node. */
export function createCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The platform encoder of `canvas`. */
export function canvasEncoder(canvas: OffscreenCanvas | HTMLCanvasElement): Encoder {
  if ('convertToBlob' in canvas)
    return (type, quality) => canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
  return (type, quality) =>
    new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ScreenshotUnreadableError(type))), type, quality),
    );
}

/**
 * Decodes `file` into a bitmap no larger than {@link SCREENSHOT_MAX_SIDE}, its EXIF orientation
 * applied. Only the pixels come out: EXIF, GPS and every other metadata chunk stay behind.
 */
export async function decodeImage(file: Blob): Promise<ImageBitmap> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ScreenshotUnreadableError(file.type);
  }
  return fitBitmap(bitmap);
}

/** `bitmap` scaled down to {@link SCREENSHOT_MAX_SIDE} (the same bitmap when it fits already). */
export async function fitBitmap(bitmap: ImageBitmap): Promise<ImageBitmap> {
  const size = fitWithin(bitmap.width, bitmap.height);
  if (size.width === bitmap.width && size.height === bitmap.height) return bitmap;
  const scaled = await createImageBitmap(bitmap, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  bitmap.close();
  return scaled;
}

/**
 * Encodes what `draw` paints on a canvas of `width` x `height` (the image and its boxes) under the
 * size limit. The canvas holds pixels only, so the result carries no metadata.
 */
export async function encodeCanvas(
  width: number,
  height: number,
  draw: (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => void,
  options?: EncodeUnderOptions,
): Promise<EncodedImage> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new ScreenshotUnreadableError('canvas');
  draw(context);
  const { blob, type } = await encodeUnder(canvasEncoder(canvas), options);
  return { blob, type, width, height };
}
