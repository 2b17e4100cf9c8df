import type { V2Scope } from '@hearken/core';
import type { Context, MiddlewareHandler } from 'hono';
import { hashSecret, KEY_PREFIX, type KeyVersion, keyVersionOf } from '../keys.ts';
import { findKeyHolder, type KeyHolder } from '../services/api-keys.ts';
import type { AddressLimiter } from './address-limit.ts';
import { UNKNOWN_ADDRESS } from './client-address.ts';
import type { AppEnv, Caller, RefusalReason } from './env.ts';
import { HttpError } from './errors.ts';
import type { KeyCache } from './key-cache.ts';
import { methodClassOf, type RateLimiter, type RateLimitOutcome, setRateLimitHeaders } from './rate-limit.ts';

const unauthenticated = (message: string) => new HttpError('unauthenticated', message);

/** A refusal and why, as the metrics count it. */
type Refused = { error: HttpError; reason: RefusalReason };

const refused = (error: HttpError, reason: RefusalReason): Refused => ({ error, reason });

/** The presented secret's hash when it has the shape of a key of `generation`, else why it is refused outright. */
function presentedHash(c: Context<AppEnv>, generation: KeyVersion): string | Refused {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  if (!match) return refused(unauthenticated('Send the API key as "Authorization: Bearer <key>"'), 'no_key');
  const secret = match[1]!;
  const presented = keyVersionOf(secret);
  // The prefix alone names the generation, so a v1-prefixed secret of any shape is a v1 key.
  if (generation === 2 && (presented === 1 || secret.startsWith(KEY_PREFIX[1]))) {
    return refused(
      new HttpError('unsupported_key_version', 'v1 keys are not accepted by the v2 API; create a v2 key'),
      'key_version',
    );
  }
  if (presented !== generation) {
    // A key with this generation's prefix but another shape is one we never issued: unknown.
    if (!secret.startsWith(KEY_PREFIX[generation])) {
      return refused(unauthenticated(`Not a v${generation} API key`), 'unknown_key');
    }
    return refused(unauthenticated('The API key is revoked or unknown'), 'unknown_key');
  }
  return hashSecret(secret);
}

/** The caller a holder acts as, or the refusal of a key the database does not vouch for. */
function callerOf(holder: KeyHolder | undefined, generation: KeyVersion): Caller | Refused {
  if (!holder || holder.version !== generation || holder.revokedAt) {
    return refused(unauthenticated('The API key is revoked or unknown'), 'unknown_key');
  }
  const { version: _version, revokedAt: _revoked, ...caller } = holder;
  return caller;
}

const tooMany = (outcome: RateLimitOutcome, what: string) =>
  new HttpError('rate_limited', `${what}; retry in ${outcome.retryAfter} s`);

const FLOODED = 'Too many requests without a valid API key from this address';

/**
 * Authenticates the key of the given generation and applies the rate limit of its method class,
 * per API key. A request without a valid key is counted per client address instead (its answer
 * carries that count's X-RateLimit-*): it gets its own 401 or 410 until its address passes
 * `unauthenticated` in the window, then 429.
 *
 * A valid key is never refused for what other requests from its address did: a key verified in
 * the last few seconds is recognised from the key cache without a database read, and one verified
 * before or on the list of live keys is looked up whatever its address's standing. Any other key
 * from an address past its limit gets 429 before any lookup, so a flood of made-up keys cannot
 * load the database (unless the runtime tells no address: then every key is looked up).
 */
export function authenticate(
  generation: KeyVersion,
  limiter: RateLimiter,
  addresses: AddressLimiter,
  keys: KeyCache,
): MiddlewareHandler<AppEnv> {
  const refuse = async (c: Context<AppEnv>, address: string, refusal: Refused): Promise<never> => {
    const outcome = await addresses.consume(address);
    setRateLimitHeaders(c, outcome);
    c.set('refusal', outcome.allowed ? refusal.reason : 'address_limit');
    throw outcome.allowed ? refusal.error : tooMany(outcome, FLOODED);
  };
  return async (c, next) => {
    const address = c.var.clientAddress;
    const hash = presentedHash(c, generation);
    if (typeof hash !== 'string') return refuse(c, address, hash);
    const now = Date.now();
    const standing = keys.standing(hash, now);
    let caller: Caller | Refused;
    if (standing.kind === 'fresh') caller = callerOf(standing.holder, generation);
    else {
      // Where the runtime tells no address, every caller shares one bucket: a flood there must not shut valid keys out.
      if (standing.kind === 'unknown' && address !== UNKNOWN_ADDRESS) {
        const limit = await addresses.peek(address);
        if (!limit.allowed && !(await keys.listed(hash, now))) {
          setRateLimitHeaders(c, limit);
          c.set('refusal', 'address_limit');
          throw tooMany(limit, FLOODED);
        }
      }
      const holder = await findKeyHolder(c.var.services.db.orm, hash);
      if (holder && !holder.revokedAt) keys.verified(hash, holder, now);
      else keys.forget(hash);
      caller = callerOf(holder, generation);
    }
    if ('error' in caller) return refuse(c, address, caller);
    const outcome = await limiter.consume(`key:${caller.keyId}`, methodClassOf(c.req.method));
    setRateLimitHeaders(c, outcome);
    if (!outcome.allowed) {
      c.set('refusal', 'key_limit');
      throw tooMany(outcome, 'Rate limit exceeded');
    }
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
