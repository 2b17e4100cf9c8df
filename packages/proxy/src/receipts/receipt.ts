import { PROXY_RECEIPT_LIFETIME_S, RECEIPT_AUTH_SCHEME, RECEIPTS_MAX } from '@hearken/core';
import { errors, jwtVerify } from 'jose';
import { hmacKey } from '../http/hmac-key.ts';
import { signThreadToken } from '../upstream/thread-token.ts';

/**
 * Receipts: an HS256 JWT the proxy signs when it creates a thread, naming the thread (`sub`) and
 * expiring 400 days after the thread's creation (`exp`). Nothing else is in it, so a hundred of
 * them fit in one `Authorization` header under Node's 16 KB header limit.
 */

/** The receipt of a thread created at `createdAt`; null once its 400 days are over (an old answer replayed). */
export function issueReceipt(secret: Uint8Array, threadId: string, createdAt: Date): Promise<string | null> {
  return signThreadToken(secret, threadId, createdAt, PROXY_RECEIPT_LIFETIME_S);
}

/** The receipts an `Authorization` header carries, or why it carries none that can be read. */
export type ReceiptList = { ok: true; receipts: string[] } | { ok: false; status: 400 | 401; message: string };

const SCHEME = new RegExp(`^${RECEIPT_AUTH_SCHEME}\\s+(.+)$`, 'is');
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** `Authorization: Receipt <r1>, <r2>`: 1-100 well-formed tokens, duplicates dropped. */
export function readReceipts(header: string | null): ReceiptList {
  const list = header === null ? undefined : SCHEME.exec(header.trim())?.[1];
  if (list === undefined) {
    return { ok: false, status: 401, message: `Authorization must be "${RECEIPT_AUTH_SCHEME} <receipt>, ..."` };
  }
  const receipts = [...new Set(list.split(',').map((part) => part.trim()))];
  if (receipts.length > RECEIPTS_MAX) {
    return { ok: false, status: 400, message: `Authorization: at most ${RECEIPTS_MAX} receipts` };
  }
  const bad = receipts.findIndex((receipt) => !TOKEN.test(receipt));
  if (bad !== -1) return { ok: false, status: 401, message: `Authorization: receipt ${bad + 1} is not a receipt` };
  return { ok: true, receipts };
}

/** The thread a receipt names, or why it names none. */
export async function verifyReceipt(
  secret: Uint8Array,
  receipt: string,
): Promise<{ ok: true; threadId: string } | { ok: false; message: string }> {
  try {
    const { payload } = await jwtVerify(receipt, await hmacKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    // A token signed with the same secret for something else (an audience) is no receipt.
    if (payload.aud !== undefined || typeof payload.sub !== 'string') return { ok: false, message: 'is not valid' };
    return { ok: true, threadId: payload.sub };
  } catch (error) {
    return { ok: false, message: error instanceof errors.JWTExpired ? 'has expired' : 'is not valid' };
  }
}
