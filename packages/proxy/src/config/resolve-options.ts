import { safeParse } from '@hearken/core';
import * as z from 'zod/mini';
import { fetchTransport, type UpstreamTransport } from '../http/upstream-transport.ts';
import type { LimiterFactory, RateLimitRule } from '../limits/rate-limit.ts';
import { DEFAULTS } from './defaults.ts';
import { ProxyConfigError } from './errors.ts';
import { HOLD_REASONS } from './hold-reasons.ts';
import type { ProxyLogEntry, ProxyOptions, ResolvedOptions } from './options.ts';

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

/** A secret (identity tokens, message tickets), as bytes: at least 32 of them. */
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

/** What holds a submission for review, each threshold its default unless given. */
const hold = z.pipe(
  z._default(
    z.strictObject({
      reasons: z.optional(z.array(z.enum(HOLD_REASONS, { error: `must each be one of ${HOLD_REASONS.join(', ')}` }))),
      rate: z.optional(z.strictObject({ points: positive(), duration: positive() })),
      duplicateSeconds: z.optional(positive()),
      maxLinks: z.optional(positive(true)),
    }),
    {},
  ),
  z.transform((value) => ({
    reasons: new Set(value.reasons ?? DEFAULTS.hold.reasons),
    rate: value.rate ?? { ...DEFAULTS.hold.rate },
    duplicateSeconds: value.duplicateSeconds ?? DEFAULTS.hold.duplicateSeconds,
    maxLinks: value.maxLinks ?? DEFAULTS.hold.maxLinks,
  })),
);

const portal = z.pipe(
  z.optional(
    z.union(
      [z.boolean(), z.strictObject({ maxAgeSeconds: z.optional(positive(true)), changelog: z.optional(z.boolean()) })],
      { error: 'must be true, false or { maxAgeSeconds, changelog }' },
    ),
  ),
  z.transform((value) =>
    value
      ? {
          maxAgeSeconds: (value === true ? undefined : value.maxAgeSeconds) ?? DEFAULTS.portalMaxAgeSeconds,
          changelog: value !== true && value.changelog === true,
        }
      : null,
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
      hold,
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
      messages: z.optional(
        z.strictObject({
          ticketSecret: identitySecret,
          maxImageBytes: z._default(positive(), DEFAULTS.maxImageBytes),
        }),
      ),
      receipts: z._default(
        z.union([z.literal(false), z.strictObject({ secret: z.optional(identitySecret) })], {
          error: 'must be false or { secret }',
        }),
        {},
      ),
      timeout: z._default(positive(), DEFAULTS.timeout),
      fetch: callback<typeof fetch>(),
      log: callback<(entry: ProxyLogEntry) => void>(),
    },
    // Only for what is no object at all: an unknown option keeps core's "is not a known field".
    { error: (issue) => (issue.code === 'invalid_type' ? 'must be an options object' : undefined) },
  ),
  z.transform(({ allowedOrigins, rateLimit, identity, clientIpHeader, portal, messages, receipts, ...options }) => ({
    ...options,
    origins: allowedOrigins,
    identity: identity ?? null,
    perIp: rateLimit.perIp,
    perIdentity: rateLimit.perIdentity,
    keyBudgetReserve: rateLimit.keyBudget,
    limiters: rateLimit.limiters ?? null,
    clientIpHeader: clientIpHeader?.toLowerCase() ?? null,
    portalMaxAgeSeconds: portal?.maxAgeSeconds ?? null,
    portalChangelog: portal?.changelog ?? false,
    messages: messages ?? null,
    receipts: receipts === false ? null : { secret: receipts.secret ?? null },
  })),
);

/** The log of a proxy given none; the handler then builds no entries. */
export const silent = (): void => {};

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
    log: log ?? silent,
  };
}
