import { safeParse } from '@hearken/core';
import * as z from 'zod/mini';
import { fetchTransport, type UpstreamTransport } from '../upstream/transport.ts';
import { ProxyConfigError } from './errors.ts';

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
    /**
     * The `aud` a token must name (one of them, when a list). Default none: a token naming any
     * audience is refused, since it was issued for someone else (RFC 7519, 4.1.3).
     */
    audience?: string | readonly string[];
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
  identity: { secret: Uint8Array; required: boolean; audience: string[] | null } | null;
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
const POSITIVE = 'must be a positive number';
const FRACTION = 'must be a fraction from 0 up to (not including) 1';

/** A number above zero, or from zero with `allowZero`; finite, as `z.number()` is. */
const positive = (allowZero = false) =>
  z.number({ error: POSITIVE }).check(allowZero ? z.gte(0, POSITIVE) : z.positive(POSITIVE));

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** An absolute http(s) URL, without trailing slashes. */
export const httpUrl = z.pipe(
  z.string({ error: 'must be an absolute http(s) URL' }),
  z.transform((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url && isHttp(url)) return url.href.replace(/\/+$/, '');
    context.issues.push({
      code: 'custom',
      input: value,
      message: url ? 'must be an http(s) URL' : 'must be an absolute http(s) URL',
    });
    return z.NEVER;
  }),
);

/** Whether `entry` is `*` or an origin: scheme://host[:port], a trailing slash allowed, no path. */
export function isOrigin(entry: string): boolean {
  if (entry === '*') return true;
  const url = URL.canParse(entry) ? new URL(entry) : null;
  return url !== null && isHttp(url) && url.origin === entry.replace(/\/$/, '');
}

/** One allowed origin or `*`. */
const origin = z
  .string({ error: 'must be an origin (scheme://host[:port]) or *' })
  .check(z.refine(isOrigin, 'is not an origin (scheme://host[:port], no path)'));

const origins = z.pipe(
  z.array(origin, { error: 'must be an array of origins (empty refuses every origin)' }),
  z.transform((list) => ({
    any: list.includes('*'),
    list: new Set(list.filter((entry) => entry !== '*').map((entry) => new URL(entry).origin)),
  })),
);

/** The identity secret, as bytes: at least 32 of them. */
export const identitySecret = z
  .pipe(
    z.union([z.string(), z.instanceof(Uint8Array)], { error: 'must be a string or a Uint8Array' }),
    z.transform((value) => (typeof value === 'string' ? new TextEncoder().encode(value) : value)),
  )
  .check(z.refine((bytes) => bytes.byteLength >= MIN_SECRET_BYTES, `must be at least ${MIN_SECRET_BYTES} bytes`));

const AUDIENCE = 'must be a non-empty string or a list of them';
/** The audiences a token may name, as a list; null when none is configured. */
const identityAudience = z.pipe(
  z.optional(
    z.union(
      [
        z.string().check(z.minLength(1, AUDIENCE)),
        z.array(z.string().check(z.minLength(1, AUDIENCE))).check(z.minLength(1, AUDIENCE)),
      ],
      {
        error: AUDIENCE,
      },
    ),
  ),
  z.transform((value) => (value === undefined ? null : typeof value === 'string' ? [value] : [...value])),
);

/** A rule, `false` to turn it off, or nothing for `fallback`. */
const rule = (fallback: RateLimitRule) =>
  z._default(
    z.union([z.literal(false), z.strictObject({ points: positive(), duration: positive() })], {
      error: 'must be false or { points, duration } with positive numbers',
    }),
    () => ({ ...fallback }),
  );

const keyBudget = z.pipe(
  z.optional(
    z.union(
      [
        z.literal(false),
        z.strictObject({
          reserve: z.optional(z.number({ error: FRACTION }).check(z.gte(0, FRACTION), z.lt(1, FRACTION))),
        }),
      ],
      { error: 'must be false or { reserve }' },
    ),
  ),
  z.transform((value) => (value === false ? null : (value?.reserve ?? DEFAULTS.keyBudgetReserve))),
);

const portal = z.pipe(
  z.optional(
    z.union([z.boolean(), z.strictObject({ maxAgeSeconds: z.optional(positive(true)) })], {
      error: 'must be true, false or { maxAgeSeconds }',
    }),
  ),
  z.transform((value) =>
    value ? ((value === true ? undefined : value.maxAgeSeconds) ?? DEFAULTS.portalMaxAgeSeconds) : null,
  ),
);

const basePath = z
  .pipe(
    z._default(z.string(), ''),
    z.transform((path) => path.replace(/\/+$/, '')),
  )
  .check(z.refine((path) => path === '' || path.startsWith('/'), 'must start with "/"'));

const callback = <T>() => z.optional(z.custom<T>((value) => typeof value === 'function', 'must be a function'));

/**
 * Every option's rule and default. Messages name the rule, never the value: the key and the
 * identity secret are options too.
 */
const optionsSchema = z.pipe(
  z.strictObject(
    {
      upstream: httpUrl,
      apiKey: z.string().check(z.refine((key) => key.trim() !== '', 'is required')),
      allowedOrigins: origins,
      identity: z.optional(
        z.strictObject({
          secret: identitySecret,
          required: z._default(z.boolean(), false),
          audience: identityAudience,
        }),
      ),
      allowBroadKey: z._default(z.boolean(), false),
      basePath,
      maxBodyBytes: z._default(positive(), DEFAULTS.maxBodyBytes),
      minFillMs: z._default(positive(true), DEFAULTS.minFillMs),
      rateLimit: z.prefault(
        z.strictObject({
          perIp: rule(DEFAULTS.perIp),
          perIdentity: rule(DEFAULTS.perIdentity),
          keyBudget,
          limiters: callback<LimiterFactory>(),
        }),
        {},
      ),
      trustProxy: z.pipe(z._default(positive(true), 0), z.transform(Math.floor)),
      clientIpHeader: z.optional(z.string()),
      portal,
      timeout: z._default(positive(), DEFAULTS.timeout),
      fetch: callback<typeof fetch>(),
      log: callback<(entry: ProxyLogEntry) => void>(),
    },
    // Only for what is no object at all: an unknown option keeps core's "is not a known field".
    { error: (issue) => (issue.code === 'invalid_type' ? 'must be an options object' : undefined) },
  ),
  z.transform(({ allowedOrigins, rateLimit, identity, clientIpHeader, portal, ...options }) => ({
    ...options,
    origins: allowedOrigins,
    identity: identity ?? null,
    perIp: rateLimit.perIp,
    perIdentity: rateLimit.perIdentity,
    keyBudgetReserve: rateLimit.keyBudget,
    limiters: rateLimit.limiters ?? null,
    clientIpHeader: clientIpHeader?.toLowerCase() ?? null,
    portalMaxAgeSeconds: portal,
  })),
);

/** A path as written in messages (`allowedOrigins.2`), `options` for the whole. */
const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'options';
/** The option a path names: `allowedOrigins` for `allowedOrigins.2`. */
const optionOf = (path: readonly PropertyKey[]) => pathOf(path.filter((part) => typeof part === 'string'));

/**
 * Validates options and fills in defaults; throws `ProxyConfigError` naming every option at fault
 * (`option` is the first). `transport` is the runtime's own way to reach the service, used
 * unless `options.fetch` is set.
 */
export function resolveOptions(options: ProxyOptions, transport: UpstreamTransport | null = null): ResolvedOptions {
  const parsed = safeParse(optionsSchema, options);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`);
    throw new ProxyConfigError('invalid_option', problems.join('; '), {
      option: optionOf(parsed.issues[0]?.path ?? []),
      issues: parsed.issues,
    });
  }
  const { fetch: custom, log, ...checked } = parsed.data;
  const fetch: typeof globalThis.fetch = custom ?? transport?.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    ...checked,
    fetch,
    transport: custom || !transport ? fetchTransport(fetch) : transport,
    log: log ?? (() => {}),
  };
}
