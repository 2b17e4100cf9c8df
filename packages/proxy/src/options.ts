import { ProxyConfigError } from './errors.ts';
import { fetchTransport, type UpstreamTransport } from './upstream-fetch.ts';

/** A rate-limit rule: at most `points` requests per `duration` seconds. */
export interface RateLimitRule {
  points: number;
  duration: number;
}

/** The part of a rate-limiter-flexible limiter the proxy uses. */
export interface Limiter {
  /**
   * Resolves with the points consumed so far (`consumedPoints`) when allowed; rejects with a
   * `RateLimiterRes` (`msBeforeNext`) when the limit is reached.
   */
  consume(key: string, points?: number): Promise<unknown>;
  /** Gives points back (the key budget returns a write it refused). */
  reward(key: string, points?: number): Promise<unknown>;
}

/** Makes one limiter per rule; `memoryLimiters` by default, `redisLimiters(client)` to share counts between instances. */
export type LimiterFactory = (rule: RateLimitRule & { keyPrefix: string }) => Limiter;

/** One structured log line. It never holds the key, the identity token or a body. */
export interface ProxyLogEntry {
  level: 'info' | 'warn' | 'error';
  event: string;
  requestId?: string;
  status?: number;
  method?: string;
  path?: string;
  origin?: string;
  reason?: string;
  durationMs?: number;
}

export interface ProxyOptions {
  /** Base URL of the Customer Feedback Service, e.g. `https://feedback.example.com`. */
  upstream: string;
  /** A v2 key with exactly the `threads:write` scope. Never sent to browsers nor logged. */
  apiKey: string;
  /**
   * Origins allowed to call the proxy, e.g. `['https://www.example.com']`. An empty list refuses
   * every browser request; `'*'` allows any origin and must be written out explicitly.
   */
  allowedOrigins: readonly string[];
  /** Verify identity tokens (HS256 JWT with `email`, `name`, `exp`) signed by the host's backend. */
  identity?: {
    /** Shared secret, at least 32 bytes. */
    secret: string | Uint8Array;
    /** Refuse feedback without a valid token. Default false. */
    required?: boolean;
  };
  /** Start even when the key carries scopes beyond `threads:write`. Default false. */
  allowBroadKey?: boolean;
  /** Path prefix the proxy is mounted under, e.g. `/hearken` in a framework route. Default `''`. */
  basePath?: string;
  /** Largest accepted request body in bytes. Default 65,536. */
  maxBodyBytes?: number;
  /** Feedback filled in faster than this (milliseconds) is treated as a bot. Default 1,500. */
  minFillMs?: number;
  /** Per-IP and per-identity limits on writes, and the key's fair share; `false` turns one off. */
  rateLimit?: {
    perIp?: RateLimitRule | false;
    perIdentity?: RateLimitRule | false;
    /**
     * Shares the key's write budget (learned from the service's X-RateLimit headers) fairly
     * between client addresses, so a few busy ones cannot use it up for everyone. `reserve` is
     * the fraction of the key's limit kept back (default 0.1). See the README's "Rate limits".
     */
    keyBudget?: { reserve?: number } | false;
    limiters?: LimiterFactory;
  };
  /**
   * Number of reverse proxies in front of this one whose `X-Forwarded-For` entries are trusted.
   * Default 0: the header is ignored and the socket address is used.
   */
  trustProxy?: number;
  /** A header the platform sets to the client address and clients cannot forge, e.g. `cf-connecting-ip`. */
  clientIpHeader?: string;
  /** Also serve the three public portal reads, cached for `maxAgeSeconds` (default 60). Default off. */
  portal?: boolean | { maxAgeSeconds?: number };
  /** Upstream request timeout in milliseconds. Default 10,000. */
  timeout?: number;
  /**
   * Custom fetch for upstream calls (tests, instrumentation). Default: the global `fetch`, except
   * that `createProxy` and `startProxy` from `@hearken/proxy` on Node send threads and portal
   * reads over a keep-alive undici connection pool, which costs far less per call.
   */
  fetch?: typeof fetch;
  /** Receives one entry per request and per notable event. Default: none. */
  log?: (entry: ProxyLogEntry) => void;
}

export interface ResolvedOptions {
  upstream: string;
  apiKey: string;
  origins: { any: boolean; list: ReadonlySet<string> };
  identity: { secret: Uint8Array; required: boolean } | null;
  allowBroadKey: boolean;
  basePath: string;
  maxBodyBytes: number;
  minFillMs: number;
  perIp: RateLimitRule | false;
  perIdentity: RateLimitRule | false;
  /** The fraction of the key's limit kept back, or null when the key budget is not shared out. */
  keyBudgetReserve: number | null;
  limiters: LimiterFactory | null;
  trustProxy: number;
  clientIpHeader: string | null;
  portalMaxAgeSeconds: number | null;
  timeout: number;
  /** For the start-up check. */
  fetch: typeof fetch;
  /** For thread posts and portal reads. */
  transport: UpstreamTransport;
  log: (entry: ProxyLogEntry) => void;
}

export const DEFAULTS = {
  maxBodyBytes: 64 * 1024,
  minFillMs: 1500,
  perIp: { points: 20, duration: 60 },
  perIdentity: { points: 10, duration: 60 },
  keyBudgetReserve: 0.1,
  portalMaxAgeSeconds: 60,
  timeout: 10_000,
} as const;

const MIN_SECRET_BYTES = 32;

function invalid(option: string, message: string): ProxyConfigError {
  return new ProxyConfigError('invalid_option', `${option}: ${message}`, { option });
}

function httpUrl(option: string, value: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw invalid(option, 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(option, 'must be an http(s) URL');
  return url;
}

function normaliseOrigins(value: unknown): ResolvedOptions['origins'] {
  if (!Array.isArray(value))
    throw invalid('allowedOrigins', 'must be an array of origins (empty refuses every origin)');
  const list = new Set<string>();
  let any = false;
  for (const entry of value) {
    if (entry === '*') {
      any = true;
      continue;
    }
    const url = httpUrl('allowedOrigins', entry);
    if (url.origin !== String(entry).replace(/\/$/, '')) {
      throw invalid('allowedOrigins', `"${entry}" is not an origin (scheme://host[:port], no path)`);
    }
    list.add(url.origin);
  }
  return { any, list };
}

function positive(option: string, value: number | undefined, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw invalid(option, 'must be a positive number');
  }
  return value;
}

function rule(
  option: string,
  value: RateLimitRule | false | undefined,
  fallback: RateLimitRule,
): RateLimitRule | false {
  if (value === false) return false;
  if (value === undefined) return { ...fallback };
  return {
    points: positive(`${option}.points`, value.points, 0),
    duration: positive(`${option}.duration`, value.duration, 0),
  };
}

function keyBudgetReserve(value: { reserve?: number } | false | undefined): number | null {
  if (value === false) return null;
  const reserve = value?.reserve ?? DEFAULTS.keyBudgetReserve;
  if (!Number.isFinite(reserve) || reserve < 0 || reserve >= 1) {
    throw invalid('rateLimit.keyBudget.reserve', 'must be a fraction from 0 up to (not including) 1');
  }
  return reserve;
}

/**
 * Validates options and fills in defaults; throws `ProxyConfigError` naming the option at fault.
 * `transport` is the runtime's own way to reach the service, used unless `options.fetch` is set.
 */
export function resolveOptions(options: ProxyOptions, transport: UpstreamTransport | null = null): ResolvedOptions {
  const upstream = httpUrl('upstream', options.upstream).href.replace(/\/+$/, '');
  if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw invalid('apiKey', 'is required');
  let identity: ResolvedOptions['identity'] = null;
  if (options.identity) {
    const { secret } = options.identity;
    const bytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
    if (!(bytes instanceof Uint8Array) || bytes.byteLength < MIN_SECRET_BYTES) {
      throw invalid('identity.secret', `must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    identity = { secret: bytes, required: options.identity.required ?? false };
  }
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !basePath.startsWith('/')) throw invalid('basePath', 'must start with "/"');
  const portal = options.portal;
  const fetch: typeof globalThis.fetch =
    options.fetch ?? transport?.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    upstream,
    apiKey: options.apiKey,
    origins: normaliseOrigins(options.allowedOrigins),
    identity,
    allowBroadKey: options.allowBroadKey ?? false,
    basePath,
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, DEFAULTS.maxBodyBytes),
    minFillMs: positive('minFillMs', options.minFillMs, DEFAULTS.minFillMs, true),
    perIp: rule('rateLimit.perIp', options.rateLimit?.perIp, DEFAULTS.perIp),
    perIdentity: rule('rateLimit.perIdentity', options.rateLimit?.perIdentity, DEFAULTS.perIdentity),
    keyBudgetReserve: keyBudgetReserve(options.rateLimit?.keyBudget),
    limiters: options.rateLimit?.limiters ?? null,
    trustProxy: Math.floor(positive('trustProxy', options.trustProxy, 0, true)),
    clientIpHeader: options.clientIpHeader?.toLowerCase() ?? null,
    portalMaxAgeSeconds: portal
      ? positive(
          'portal.maxAgeSeconds',
          portal === true ? undefined : portal.maxAgeSeconds,
          DEFAULTS.portalMaxAgeSeconds,
          true,
        )
      : null,
    timeout: positive('timeout', options.timeout, DEFAULTS.timeout),
    fetch,
    transport: options.fetch || !transport ? fetchTransport(fetch) : transport,
    log: options.log ?? (() => {}),
  };
}
