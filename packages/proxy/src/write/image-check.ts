import { PROXY_IMAGE_TYPES, type ProxyImageType } from '@hearken/core';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Whether a screenshot's bytes are one plain PNG, JPEG or WebP image and nothing else. The type
 * comes from the bytes' signature (file-type), never from the name or the declared type. The
 * image's own structure is then walked to its end, and anything after it refused: a polyglot
 * hides a second file (HTML, a script, a ZIP) after the image or inside it, and a browser that
 * sniffs it could run it. Markup markers anywhere in the bytes are refused too, which catches one
 * hidden in a text chunk or in stored (uncompressed) image data.
 */
export async function checkImage(
  bytes: Uint8Array,
): Promise<{ ok: true; type: ProxyImageType } | { ok: false; message: string }> {
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  if (!detected || !(PROXY_IMAGE_TYPES as readonly string[]).includes(detected)) {
    return { ok: false, message: 'must be a PNG, JPEG or WebP image (judged by its bytes)' };
  }
  const type = detected as ProxyImageType;
  const end = imageEnd(type, bytes);
  if (end === null) return { ok: false, message: `is not a well-formed ${LABEL[type]} image` };
  if (end !== bytes.length) return { ok: false, message: 'has data after the end of the image' };
  if (MARKUP.test(latin1(bytes))) {
    return { ok: false, message: 'holds markup or script (HTML, SVG, XML or PHP) inside the image' };
  }
  return { ok: true, type };
}

const LABEL: Record<ProxyImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

/** Markup a browser or a server-side interpreter would act on. */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg[\s>/]|\?xml|\?php|!doctype)/i;

/** One character per byte, so a pattern can look at the raw bytes. */
function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/** Where the image's own structure ends (its length, for a clean file); null when it is broken. */
function imageEnd(type: ProxyImageType, bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'image/png':
      return pngEnd(view);
    case 'image/jpeg':
      return jpegEnd(bytes);
    case 'image/webp':
      return webpEnd(view);
  }
}

/** PNG: the 8-byte signature, then chunks (length, type, data, CRC) up to and including IEND. */
function pngEnd(view: DataView): number | null {
  let offset = 8;
  while (offset + 12 <= view.byteLength) {
    const length = view.getUint32(offset);
    const type = view.getUint32(offset + 4);
    const next = offset + 12 + length;
    if (next > view.byteLength) return null;
    // "IEND"
    if (type === 0x49454e44) return next;
    offset = next;
  }
  return null;
}

/** JPEG markers that stand alone, without a length: SOI, EOI, TEM and the restart markers. */
const STANDALONE = (marker: number) =>
  marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: SOI, then marker segments (each with its length); after each start of scan, the
 * entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart; EOI ends it.
 */
function jpegEnd(bytes: Uint8Array): number | null {
  let offset = 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if (STANDALONE(marker)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2) return null;
    offset += 2 + length;
    if (offset > bytes.length) return null;
    if (marker === 0xda) {
      while (offset + 1 < bytes.length) {
        const next = bytes[offset + 1]!;
        if (bytes[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset += 1;
      }
      if (offset + 1 >= bytes.length) return null;
    }
  }
  return null;
}

/** WebP: a RIFF container whose declared size covers the file exactly, its chunks filling it to the end. */
function webpEnd(view: DataView): number | null {
  if (view.byteLength < 12) return null;
  const end = 8 + view.getUint32(4, true);
  if (end > view.byteLength) return null;
  let offset = 12;
  while (offset + 8 <= end) {
    const size = view.getUint32(offset + 4, true);
    // Chunks are padded to an even size.
    offset += 8 + size + (size % 2);
  }
  return offset === end ? end : null;
}
