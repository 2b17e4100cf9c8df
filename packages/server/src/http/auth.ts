import { RATE_LIMIT_HEADERS, type V2Scope } from '@hearken/core';
import { addressBucket } from '@hearken/core/client-address';
import type { Context, MiddlewareHandler } from 'hono';
import { hashSecret, KEY_PREFIX, type KeyVersion, keyVersionOf } from '../keys.ts';
import { findKeyHolder } from '../services/api-keys.ts';
import type { AppEnv, Caller } from './env.ts';
import { HttpError } from './errors.ts';
import { methodClassOf, type RateLimiter } from './rate-limit.ts';

const unauthenticated = (message: string) => new HttpError(401, 'unauthenticated', message);

async function resolveCaller(c: Context<AppEnv>, generation: KeyVersion): Promise<Caller | HttpError> {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  if (!match) return unauthenticated('Send the API key as "Authorization: Bearer <key>"');
  const secret = match[1]!;
  const presented = keyVersionOf(secret);
  // The prefix alone names the generation, so a v1-prefixed secret of any shape is a v1 key.
  if (generation === 2 && (presented === 1 || secret.startsWith(KEY_PREFIX[1]))) {
    return new HttpError(410, 'unsupported_key_version', 'v1 keys are not accepted by the v2 API; create a v2 key');
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

/**
 * The connecting address where the runtime tells it (Node), so anonymous callers get their own
 * bucket: the address, or its /64 for IPv6, so that rotating addresses within a network buys nothing.
 */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return (address && addressBucket(address)) ?? 'unknown';
}

/**
 * Authenticates the key of the given generation and applies the rate limit of its method class.
 * Limits are per API key. A request without a valid key is counted per client address, so its
 * answer carries X-RateLimit-* like every other, but it always gets its own 401 or 410, never a
 * 429: it has no key whose budget it could spend.
 */
export function authenticate(generation: KeyVersion, limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(c, generation);
    const subject = caller instanceof HttpError ? `anonymous:${clientAddress(c)}` : `key:${caller.keyId}`;
    const outcome = await limiter.consume(subject, methodClassOf(c.req.method));
    c.header(RATE_LIMIT_HEADERS.limit, String(outcome.limit));
    c.header(RATE_LIMIT_HEADERS.remaining, String(outcome.remaining));
    c.header(RATE_LIMIT_HEADERS.reset, String(outcome.reset));
    if (caller instanceof HttpError) throw caller;
    if (!outcome.allowed) {
      c.header('Retry-After', String(outcome.retryAfter));
      throw new HttpError(429, 'rate_limited', `Rate limit exceeded; retry in ${outcome.retryAfter} s`);
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
      throw new HttpError(403, 'scope_required', `This endpoint needs the ${scope} scope`, {
        required: [scope],
        granted: [...scopes],
      });
    }
    await next();
  };
}
