import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidRequest } from './errors.ts';

/**
 * Opaque list cursors: the position and filters as base64url JSON, followed by an HMAC of it
 * under the workspace's secret. Clients cannot build or alter one, and a cursor from another
 * workspace does not verify.
 */
const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest().subarray(0, 18).toString('base64url');

export function signCursor(secret: string, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The value inside a cursor, or 400 `invalid_request` naming `cursor` when it is malformed or altered. */
export function openCursor(secret: string, token: string): unknown {
  const bad = () => invalidRequest([{ path: 'cursor', message: 'is malformed or was altered' }], 'Invalid cursor');
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw bad();
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad();
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
}
