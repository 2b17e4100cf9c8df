import { errors, jwtVerify } from 'jose';

export interface VerifiedIdentity {
  email: string;
  name: string | undefined;
}

export type IdentityResult =
  | { kind: 'anonymous' }
  | { kind: 'verified'; identity: VerifiedIdentity }
  | { kind: 'rejected'; message: string };

const BEARER = /^Bearer\s+(\S+)$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Verifies the `Authorization: Bearer <jwt>` a host page passes on. Only HS256 with the shared
 * secret is accepted (so `alg: none` and key-confusion tricks fail), `exp` is required.
 */
export async function verifyIdentity(header: string | null, secret: Uint8Array | null): Promise<IdentityResult> {
  if (header === null) return { kind: 'anonymous' };
  const token = BEARER.exec(header.trim())?.[1];
  if (!token) return { kind: 'rejected', message: 'Authorization must be "Bearer <identity token>"' };
  if (secret === null) return { kind: 'rejected', message: 'This proxy does not accept identity tokens' };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const { email, name } = payload;
    if (typeof email !== 'string' || !EMAIL.test(email) || email.length > 254) {
      return { kind: 'rejected', message: 'Identity token has no valid email claim' };
    }
    if (name !== undefined && typeof name !== 'string') {
      return { kind: 'rejected', message: 'Identity token name claim must be a string' };
    }
    return { kind: 'verified', identity: { email, name: name || undefined } };
  } catch (error) {
    const message = error instanceof errors.JWTExpired ? 'Identity token has expired' : 'Identity token is not valid';
    return { kind: 'rejected', message };
  }
}
