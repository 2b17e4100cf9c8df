import { SignJWT } from 'jose';
import { hmacKey } from '../http/hmac-key.ts';

/**
 * An HS256 JWT the proxy signs for a thread it created: naming the thread (`sub`) and expiring
 * `lifetimeS` after the thread's creation (`exp`); with an `audience`, also `aud` and `iat`. Null
 * once the lifetime is over (an old answer replayed).
 */
export async function signThreadToken(
  secret: Uint8Array,
  threadId: string,
  createdAt: Date,
  lifetimeS: number,
  audience?: string,
): Promise<string | null> {
  const expires = Math.floor(createdAt.getTime() / 1000) + lifetimeS;
  if (!Number.isFinite(expires) || expires <= Date.now() / 1000) return null;
  const token = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(threadId);
  if (audience !== undefined) token.setAudience(audience).setIssuedAt();
  return token.setExpirationTime(expires).sign(await hmacKey(secret));
}
