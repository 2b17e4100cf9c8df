import { PROXY_IMAGE_TYPES, type ProxyImageType, SCREENSHOT_MAX_SIDE } from '@hearken/core';
import { fileTypeFromBuffer } from 'file-type';

/** A screenshot as it may be forwarded: its type, and its bytes with every metadata segment dropped. */
export type CheckedImage = { ok: true; type: ProxyImageType; bytes: Uint8Array } | { ok: false; message: string };

/**
 * Whether a screenshot's bytes are one plain PNG, JPEG or WebP image and nothing else, by a
 * complete structural check. The type comes from the bytes' signature (file-type), never from
 * the name or the declared type. The image's structure is then walked to its end: every PNG
 * chunk's CRC, a JPEG frame header before its scan, the dimensions the image declares (at most
 * SCREENSHOT_MAX_SIDE a side, the widget's own limit), and nothing after the end (a polyglot
 * hides a second file there). What the pixels do not need (PNG text, profile and unknown
 * chunks, JPEG comments and APP segments other than JFIF and Adobe, WebP EXIF, XMP and ICC
 * chunks) is dropped from the forwarded bytes, so no hidden markup or archive is carried
 * through; animations are refused. Markup markers anywhere in what is left are refused too.
 */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (!detected || !(PROXY_IMAGE_TYPES as readonly string[]).includes(detected)) {
    return { ok: false, message: 'must be a PNG, JPEG or WebP image (judged by its bytes)' };
  }
  const type = detected as ProxyImageType;
  const walked = walk(type, bytes);
  if (typeof walked === 'string') return { ok: false, message: walked };
  const { end, width, height, kept } = walked;
  if (end !== bytes.length) return { ok: false, message: 'has data after the end of the image' };
  if (width < 1 || height < 1 || width > SCREENSHOT_MAX_SIDE || height > SCREENSHOT_MAX_SIDE) {
    return {
      ok: false,
      message: `declares ${width}x${height} pixels; at most ${SCREENSHOT_MAX_SIDE} a side is taken`,
    };
  }
  if (MARKUP.test(latin1(kept))) {
    return { ok: false, message: 'holds markup or script (HTML, SVG, XML or PHP) inside the image' };
  }
  return { ok: true, type, bytes: kept };
}

const LABEL: Record<ProxyImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** Markup a browser or a server-side interpreter would act on. */
const MARKUP =
  /<(?:script|html|body|iframe|object|embed|img|image|svg|math|style|link|meta|form|details|video|audio|a[\s>/]|\?xml|\?php|!doctype)/i;

/** One character per byte, so a pattern can look at the raw bytes. */
function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/** A walked image: where its structure ends, the size it declares and its bytes without metadata. */
interface Walked {
  end: number;
  width: number;
  height: number;
  kept: Uint8Array;
}

/** The image walked, or what is wrong with it. */
function walk(type: ProxyImageType, bytes: Uint8Array): Walked | string {
  const broken = `is not a well-formed ${LABEL[type]} image`;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const walked =
    type === 'image/png' ? walkPng(bytes, view) : type === 'image/jpeg' ? walkJpeg(bytes) : walkWebp(bytes, view);
  return walked === null ? broken : walked;
}

/** Joins byte ranges of `bytes` into one array. */
function join(bytes: Uint8Array, ranges: readonly [number, number][]): Uint8Array {
  const out = new Uint8Array(ranges.reduce((sum, [from, to]) => sum + to - from, 0));
  let at = 0;
  for (const [from, to] of ranges) {
    out.set(bytes.subarray(from, to), at);
    at += to - from;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG computes it over a chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG chunks the pixels need (critical, transparency and colour rendering); any other is dropped. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'bKGD', 'pHYs']);

/**
 * PNG: the signature, IHDR first (its size), then chunks (length, type, data, CRC, each CRC
 * checked) to IEND, at least one IDAT; an animation (acTL) is refused.
 */
function walkPng(bytes: Uint8Array, view: DataView): Walked | null {
  const ranges: [number, number][] = [[0, 8]];
  let offset = 8;
  let width = 0;
  let height = 0;
  let data = false;
  while (offset + 12 <= view.byteLength) {
    const length = view.getUint32(offset);
    const next = offset + 12 + length;
    if (length > 0x7fffffff || next > view.byteLength) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)) return null;
    if ((offset === 8) !== (type === 'IHDR')) return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
    }
    if (type === 'acTL') return null;
    if (type === 'IDAT') data = true;
    if (PNG_KEPT.has(type)) ranges.push([offset, next]);
    if (type === 'IEND') return data ? { end: next, width, height, kept: join(bytes, ranges) } : null;
    offset = next;
  }
  return null;
}

/** JPEG markers that stand alone, without a length: SOI, EOI, TEM and the restart markers. */
const STANDALONE = (marker: number) =>
  marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Start-of-frame markers (every SOFn: not DHT C4, JPG C8 or DAC CC). */
const FRAME = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Segments dropped: COM, and APP1-APP13 and APP15 (EXIF, XMP, ICC, ...); APP0 (JFIF) and APP14 (Adobe) tell colours. */
const DROPPED = (marker: number) => marker === 0xfe || (marker >= 0xe1 && marker <= 0xef && marker !== 0xee);

/**
 * JPEG: SOI, then marker segments (each with its length), a frame header (its size) before the
 * first start of scan; after each scan the entropy-coded data runs to the next marker that is
 * not a stuffed 0xFF00 or a restart; EOI ends it.
 */
function walkJpeg(bytes: Uint8Array): Walked | null {
  const ranges: [number, number][] = [[0, 2]];
  let offset = 2;
  let width = 0;
  let height = 0;
  let frame = false;
  let scanned = false;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) {
      if (!frame || !scanned) return null;
      ranges.push([offset, offset + 2]);
      return { end: offset + 2, width, height, kept: join(bytes, ranges) };
    }
    if (STANDALONE(marker)) {
      ranges.push([offset, offset + 2]);
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2) return null;
    const start = offset;
    offset += 2 + length;
    if (offset > bytes.length) return null;
    if (FRAME(marker)) {
      if (frame || length < 8) return null;
      frame = true;
      height = (bytes[start + 5]! << 8) | bytes[start + 6]!;
      width = (bytes[start + 7]! << 8) | bytes[start + 8]!;
    }
    if (marker === 0xda) {
      if (!frame) return null;
      scanned = true;
      while (offset + 1 < bytes.length) {
        const next = bytes[offset + 1]!;
        if (bytes[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset += 1;
      }
      if (offset + 1 >= bytes.length) return null;
    }
    if (!DROPPED(marker)) ranges.push([start, offset]);
  }
  return null;
}

/** WebP chunks the pixels need; EXIF, XMP, ICCP and unknown ones are dropped. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH']);

/**
 * WebP: a RIFF container whose declared size covers the file exactly, its chunks filling it to the
 * end; the size from VP8X, VP8 or VP8L; animations (ANIM, ANMF) refused. What is kept is re-wrapped
 * with its RIFF size and VP8X flags set to match.
 */
function walkWebp(bytes: Uint8Array, view: DataView): Walked | null {
  if (view.byteLength < 12) return null;
  const end = 8 + view.getUint32(4, true);
  if (end > view.byteLength) return null;
  const ranges: [number, number][] = [];
  let offset = 12;
  let width = 0;
  let height = 0;
  let vp8x = -1;
  let image = false;
  while (offset + 8 <= end) {
    const type = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    const data = offset + 8;
    // Chunks are padded to an even size.
    const next = data + size + (size % 2);
    if (next > end) return null;
    if (type === 'ANIM' || type === 'ANMF') return null;
    if (type === 'VP8X' && size >= 10) {
      vp8x = ranges.reduce((sum, [from, to]) => sum + to - from, 12);
      width = 1 + (view.getUint32(data + 4, true) & 0xffffff);
      height = 1 + (view.getUint32(data + 7, true) & 0xffffff);
    } else if (type === 'VP8 ' && size >= 10) {
      image = true;
      if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return null;
      if (vp8x < 0) {
        width = view.getUint16(data + 6, true) & 0x3fff;
        height = view.getUint16(data + 8, true) & 0x3fff;
      }
    } else if (type === 'VP8L' && size >= 5) {
      image = true;
      if (bytes[data] !== 0x2f) return null;
      if (vp8x < 0) {
        const bits = view.getUint32(data + 1, true);
        width = 1 + (bits & 0x3fff);
        height = 1 + ((bits >>> 14) & 0x3fff);
      }
    }
    if (WEBP_KEPT.has(type)) ranges.push([offset, next]);
    offset = next;
  }
  if (offset !== end || !image) return null;
  const body = join(bytes, [[0, 12], ...ranges]);
  new DataView(body.buffer).setUint32(4, body.length - 8, true);
  // VP8X flags: only alpha (0x10) can still be true; ICC (0x20), EXIF (0x08), XMP (0x04) and animation (0x02) went.
  if (vp8x >= 0) body[vp8x + 8] = body[vp8x + 8]! & 0x10;
  return { end, width, height, kept: body };
}
