/**
 * The identity token a host page passes on (`Authorization: Bearer <jwt>`), checked against the
 * proxy's shared secret: used by the writes and by the updates read.
 */
import { errors, jwtVerify } from 'jose';
import { hmacKey } from './hmac-key.ts';

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
const WRONG_AUDIENCE = 'Identity token is not meant for this audience (its aud claim)';

/** How tokens are checked: `ResolvedOptions.identity`. */
export interface IdentityCheck {
  secret: Uint8Array;
  /** The audiences a token may name; null: a token naming any audience is not for this proxy. */
  audience: readonly string[] | null;
}

/**
 * Verifies the `Authorization: Bearer <jwt>` a host page passes on. Only HS256 with the shared
 * secret is accepted (so `alg: none` and key-confusion tricks fail), `exp` is required, and an
 * `aud` must name the configured audience: a token issued for another party is refused, as
 * RFC 7519 (4.1.3) asks, so one the host signs with the same secret for something else is no identity here.
 */
export async function verifyIdentity(header: string | null, check: IdentityCheck | null): Promise<IdentityResult> {
  if (header === null) return { kind: 'anonymous' };
  const token = BEARER.exec(header.trim())?.[1];
  if (!token) return { kind: 'rejected', message: 'Authorization must be "Bearer <identity token>"' };
  if (check === null) return { kind: 'rejected', message: 'This proxy does not accept identity tokens' };
  try {
    const { payload } = await jwtVerify(token, await hmacKey(check.secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      ...(check.audience ? { audience: [...check.audience] } : {}),
    });
    if (check.audience === null && payload.aud !== undefined) return { kind: 'rejected', message: WRONG_AUDIENCE };
    const { email, name } = payload;
    if (typeof email !== 'string' || !EMAIL.test(email) || email.length > 254) {
      return { kind: 'rejected', message: 'Identity token has no valid email claim' };
    }
    if (name !== undefined && typeof name !== 'string') {
      return { kind: 'rejected', message: 'Identity token name claim must be a string' };
    }
    return { kind: 'verified', identity: { email, name: name || undefined } };
  } catch (error) {
    const message =
      error instanceof errors.JWTExpired
        ? 'Identity token has expired'
        : error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud'
          ? WRONG_AUDIENCE
          : 'Identity token is not valid';
    return { kind: 'rejected', message };
  }
}
