import type { V2Scope } from '@hearken/core';
import type { Context, MiddlewareHandler } from 'hono';
import { hashSecret, KEY_PREFIX, type KeyVersion, keyVersionOf } from '../keys.ts';
import { findKeyHolder } from '../services/api-keys.ts';
import type { AddressLimiter } from './address-limit.ts';
import { clientAddress, UNKNOWN_ADDRESS } from './client-address.ts';
import type { AppEnv, Caller } from './env.ts';
import { HttpError } from './errors.ts';
import { methodClassOf, type RateLimiter, type RateLimitOutcome, setRateLimitHeaders } from './rate-limit.ts';

const unauthenticated = (message: string) => new HttpError('unauthenticated', message);

async function resolveCaller(c: Context<AppEnv>, generation: KeyVersion): Promise<Caller | HttpError> {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  if (!match) return unauthenticated('Send the API key as "Authorization: Bearer <key>"');
  const secret = match[1]!;
  const presented = keyVersionOf(secret);
  // The prefix alone names the generation, so a v1-prefixed secret of any shape is a v1 key.
  if (generation === 2 && (presented === 1 || secret.startsWith(KEY_PREFIX[1]))) {
    return new HttpError('unsupported_key_version', 'v1 keys are not accepted by the v2 API; create a v2 key');
  }
  if (presented !== generation) {
    // A key with this generation's prefix but another shape is one we never issued: unknown.
    if (!secret.startsWith(KEY_PREFIX[generation])) return unauthenticated(`Not a v${generation} API key`);
    return unauthenticated('The API key is revoked or unknown');
  }
  const row = await findKeyHolder(c.var.services.db.orm, hashSecret(secret));
  if (!row || row.version !== generation || row.revokedAt) return unauthenticated('The API key is revoked or unknown');
  const { version: _version, revokedAt: _revoked, ...caller } = row;
  return caller;
}

const tooMany = (outcome: RateLimitOutcome, what: string) =>
  new HttpError('rate_limited', `${what}; retry in ${outcome.retryAfter} s`);

/**
 * Authenticates the key of the given generation and applies the rate limit of its method class,
 * per API key. A request without a valid key is counted per client address instead (its answer
 * carries that count's X-RateLimit-*): it gets its own 401 or 410 until its address passes
 * `unauthenticated` in the window, then 429. While an address is past it, its requests get 429
 * before any key lookup, so a flood of made-up keys cannot load the database (unless the runtime
 * tells no address: then valid keys are still looked up).
 */
export function authenticate(
  generation: KeyVersion,
  limiter: RateLimiter,
  addresses: AddressLimiter,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const address = clientAddress(c);
    // Where the runtime tells no address, every caller shares one bucket: a flood there must not shut valid keys out.
    const standing = address === UNKNOWN_ADDRESS ? null : await addresses.peek(address);
    if (standing && !standing.allowed) {
      setRateLimitHeaders(c, standing);
      throw tooMany(standing, 'Too many requests without a valid API key from this address');
    }
    const caller = await resolveCaller(c, generation);
    if (caller instanceof HttpError) {
      const outcome = await addresses.consume(address);
      setRateLimitHeaders(c, outcome);
      throw outcome.allowed ? caller : tooMany(outcome, 'Too many requests without a valid API key from this address');
    }
    const outcome = await limiter.consume(`key:${caller.keyId}`, methodClassOf(c.req.method));
    setRateLimitHeaders(c, outcome);
    if (!outcome.allowed) throw tooMany(outcome, 'Rate limit exceeded');
    c.set('caller', caller);
    await next();
  };
}

/** 403 scope_required unless the v2 key carries `scope`. */
export function requireScope(scope: V2Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { scopes } = c.var.caller;
    if (!scopes.includes(scope)) {
      throw new HttpError('scope_required', `This endpoint needs the ${scope} scope`, {
        required: [scope],
        granted: [...scopes],
      });
    }
    await next();
  };
}
