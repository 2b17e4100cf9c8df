/**
 * A random UUID v4 for the Idempotency-Key header. Built from `getRandomValues`, because
 * `crypto.randomUUID` exists in browsers only on secure (https) pages.
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
