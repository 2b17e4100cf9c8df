import { type AnySchema, safeParse } from '@hearken/core';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, LOG_FORMATS, type LogFormat, OPS_ENV } from '@hearken/service';
import * as z from 'zod/mini';
import { httpUrl, identitySecret, isOrigin } from '../config/resolve-options.ts';
import type { StartProxyOptions } from './start-proxy.ts';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

type Env = Record<string, string | undefined>;

/** One environment variable the CLI reads: its name, what it means and its default, for `--help`. */
export interface EnvVariable {
  name: string;
  help: string;
  /** Shown as the default; absent for required variables. */
  default?: string;
}

/** Every variable `hearken-proxy` reads, in the order `--help` lists them. */
export const PROXY_ENV: readonly EnvVariable[] = [
  { name: 'HEARKEN_UPSTREAM', help: 'base URL of the Customer Feedback Service (required)' },
  {
    name: 'HEARKEN_API_KEY',
    help: 'v2 API key with exactly the threads:write scope (+ messages:write with screenshots, changelogs:read with the changelog) (required)',
  },
  {
    name: 'HEARKEN_ALLOWED_ORIGINS',
    help: 'comma-separated origins allowed to send feedback, e.g. https://www.example.com; * for any (required)',
  },
  { name: 'HEARKEN_IDENTITY_SECRET', help: 'secret (32+ bytes) verifying identity tokens', default: 'none: no tokens' },
  { name: 'HEARKEN_IDENTITY_REQUIRED', help: 'true refuses feedback without an identity token', default: 'false' },
  {
    name: 'HEARKEN_IDENTITY_AUDIENCE',
    help: 'the aud claim identity tokens must name; unset refuses tokens that name one',
    default: 'none',
  },
  { name: 'HEARKEN_ALLOW_BROAD_KEY', help: 'true starts even with a key carrying more scopes', default: 'false' },
  { name: 'HEARKEN_TRUST_PROXY', help: 'number of X-Forwarded-For hops to trust', default: '0' },
  { name: 'HEARKEN_PORTAL', help: 'true (or cache seconds) also serves the public portal reads', default: 'off' },
  {
    name: 'HEARKEN_PORTAL_CHANGELOG',
    help: 'true also serves the published changelog (GET /api/v2/changelogs, limit and cursor only) in portal mode; the key then needs changelogs:read too',
    default: 'false',
  },
  {
    name: 'HEARKEN_MESSAGES_SECRET',
    help: 'secret (32+ bytes) signing message tickets; setting it turns screenshots on: POST /api/v2/threads/{id}/messages with one PNG, JPEG or WebP image, for a thread this proxy created within the hour. The key then needs messages:write too',
    default: 'none: screenshots off',
  },
  {
    name: 'HEARKEN_MAX_IMAGE_BYTES',
    help: 'largest screenshot accepted, in bytes',
    default: '2097152',
  },
  {
    name: 'HEARKEN_RECEIPT_SECRET',
    help: 'secret (32+ bytes) signing receipts (with threads:read); set it so the receipts browsers hold outlive a key rotation',
    default: 'derived from HEARKEN_API_KEY: a new key voids them',
  },
  { name: 'REDIS_URL', help: 'Redis shared by instances for rate-limit counts', default: 'in-memory counts' },
  { name: 'PORT', help: 'port to listen on', default: '8787' },
  { name: 'HOST', help: 'interface to bind; 0.0.0.0 inside a container', default: '127.0.0.1' },
  {
    name: OPS_ENV.logFormat,
    help: 'json (one object a line) or pretty (for a person)',
    default: 'pretty when stdout is a terminal, else json',
  },
  {
    name: OPS_ENV.metricsPort,
    help: 'serve GET /metrics (Prometheus) on this port of its own (same HOST), off the browser-facing port',
    default: 'a free port on 127.0.0.1 (logged), unless HEARKEN_METRICS_TOKEN is set',
  },
  {
    name: OPS_ENV.metricsToken,
    help: 'bearer token GET /metrics asks for; without HEARKEN_METRICS_PORT, it is then served beside the proxy',
    default: 'none',
  },
  {
    name: OPS_ENV.shutdownGrace,
    help: 'on SIGTERM or SIGINT, seconds requests in flight may take to finish before they are cut; a second signal exits at once',
    default: String(DEFAULT_SHUTDOWN_GRACE_SECONDS),
  },
];

const isBoolean = (value: string) => TRUE.has(value.toLowerCase()) || FALSE.has(value.toLowerCase());
const WHOLE = /^\d+$/;

const splitList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** `is required: <what to set>` when the variable is unset; core's wording for anything else. */
const required = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `is required: ${what}` : undefined),
});

/** A variable without the spaces around it; a blank one counts as unset. */
const trimmed = <S extends AnySchema>(schema: S) =>
  z.pipe(
    z.transform((value: string | undefined) => value?.trim() || undefined),
    schema,
  );

const optional = (rule: (value: string) => boolean, message: string) =>
  trimmed(z.optional(z.string().check(z.refine(rule, message))));

const flag = optional(isBoolean, 'must be true or false');

/** Unset asks for the list; an empty list would start a proxy that refuses every browser. */
const allowedOrigins = z.string(required('the origins allowed to send feedback, or * for any')).check(
  z.superRefine((value, context) => {
    const entries = splitList(value);
    const fault =
      entries.length === 0
        ? 'is empty, so every browser would be refused: list the allowed origins, or * for any'
        : entries
            .filter((entry) => !isOrigin(entry))
            // Origins are public, so the entry at fault is quoted to find it in the list.
            .map((entry) => `"${entry}" is not an origin (scheme://host[:port], no path)`)[0];
    if (fault) context.issues.push({ code: 'custom', input: value, message: fault });
  }),
);

/**
 * The rule of each variable, in the order of {@link PROXY_ENV}, so problems are listed in that
 * order. Messages never quote a value but an origin. The key itself is checked with the service at start.
 */
export const envSchema = z
  .object({
    HEARKEN_UPSTREAM: trimmed(z.pipe(z.string(required('the service base URL')), httpUrl)),
    HEARKEN_API_KEY: trimmed(z.string(required('a v2 key with the threads:write scope'))),
    HEARKEN_ALLOWED_ORIGINS: allowedOrigins,
    // Not trimmed: spaces are part of a secret.
    HEARKEN_IDENTITY_SECRET: z.optional(identitySecret),
    HEARKEN_IDENTITY_REQUIRED: flag,
    HEARKEN_IDENTITY_AUDIENCE: trimmed(z.optional(z.string())),
    HEARKEN_ALLOW_BROAD_KEY: flag,
    HEARKEN_TRUST_PROXY: optional((value) => WHOLE.test(value), 'must be a whole number of hops (0 or more)'),
    HEARKEN_PORTAL: optional(
      (value) => isBoolean(value) || WHOLE.test(value),
      'must be true, false or a number of cache seconds',
    ),
    HEARKEN_PORTAL_CHANGELOG: flag,
    // Not trimmed: spaces are part of a secret.
    HEARKEN_MESSAGES_SECRET: z.optional(identitySecret),
    HEARKEN_MAX_IMAGE_BYTES: optional(
      (value) => WHOLE.test(value) && Number(value) > 0,
      'must be a whole number of bytes above 0',
    ),
    // Not trimmed: spaces are part of a secret.
    HEARKEN_RECEIPT_SECRET: z.optional(identitySecret),
    REDIS_URL: optional((value) => /^rediss?:\/\/./.test(value), 'must be a redis:// or rediss:// URL'),
    PORT: optional((value) => WHOLE.test(value) && Number(value) <= 65535, 'must be a port number, 0-65535'),
    [OPS_ENV.logFormat]: optional(
      (value) => (LOG_FORMATS as readonly string[]).includes(value),
      'must be json or pretty',
    ),
    [OPS_ENV.metricsPort]: optional(
      (value) => WHOLE.test(value) && Number(value) <= 65535,
      'must be a port number, 0-65535',
    ),
    [OPS_ENV.metricsToken]: trimmed(z.optional(z.string())),
    [OPS_ENV.shutdownGrace]: optional((value) => /^\d+(\.\d+)?$/.test(value), 'must be a number of seconds, 0 or more'),
  })
  .check(
    // Without a secret no token can be verified, and the flag would be dropped: anonymous feedback let through.
    z.superRefine(
      (env, context) => {
        const required = env.HEARKEN_IDENTITY_REQUIRED;
        if (required && TRUE.has(required.toLowerCase()) && env.HEARKEN_IDENTITY_SECRET === undefined) {
          context.issues.push({
            code: 'custom',
            input: required,
            path: ['HEARKEN_IDENTITY_REQUIRED'],
            message: 'needs HEARKEN_IDENTITY_SECRET, the secret that verifies the tokens it requires',
          });
        }
        if (env.HEARKEN_MAX_IMAGE_BYTES !== undefined && env.HEARKEN_MESSAGES_SECRET === undefined) {
          context.issues.push({
            code: 'custom',
            input: env.HEARKEN_MAX_IMAGE_BYTES,
            path: ['HEARKEN_MAX_IMAGE_BYTES'],
            message: 'needs HEARKEN_MESSAGES_SECRET, which turns screenshots on',
          });
        }
        // The changelog is a portal read: asked for without portal mode it would silently not be served.
        const changelog = env.HEARKEN_PORTAL_CHANGELOG;
        const portal = env.HEARKEN_PORTAL?.toLowerCase();
        if (changelog && TRUE.has(changelog.toLowerCase()) && (portal === undefined || FALSE.has(portal))) {
          context.issues.push({
            code: 'custom',
            input: changelog,
            path: ['HEARKEN_PORTAL_CHANGELOG'],
            message: 'needs HEARKEN_PORTAL, the portal mode it is part of',
          });
        }
      },
      // Listed with the problems of other variables, not only once they are fixed.
      { when: () => true },
    ),
  );

/** Every problem of the environment, each naming its variable, so one start shows them all. */
export function envProblems(env: Env): string[] {
  const result = safeParse(envSchema, env);
  return result.success ? [] : result.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
}

/**
 * Options from the environment (see {@link PROXY_ENV}). Check it with {@link envProblems} first:
 * values it refuses are passed on as they are, for `createProxy` to refuse.
 */
export function optionsFromEnv(env: Env): StartProxyOptions {
  const portal = env.HEARKEN_PORTAL?.trim().toLowerCase();
  const changelog = TRUE.has(env.HEARKEN_PORTAL_CHANGELOG?.trim().toLowerCase() ?? '');
  const maxAge = portal && !TRUE.has(portal) ? { maxAgeSeconds: Number(portal) } : {};
  return {
    upstream: env.HEARKEN_UPSTREAM?.trim() ?? '',
    apiKey: env.HEARKEN_API_KEY?.trim() ?? '',
    allowedOrigins: splitList(env.HEARKEN_ALLOWED_ORIGINS ?? ''),
    ...(env.HEARKEN_IDENTITY_SECRET
      ? {
          identity: {
            secret: env.HEARKEN_IDENTITY_SECRET,
            required: TRUE.has(env.HEARKEN_IDENTITY_REQUIRED?.trim().toLowerCase() ?? ''),
            ...(env.HEARKEN_IDENTITY_AUDIENCE?.trim() ? { audience: env.HEARKEN_IDENTITY_AUDIENCE.trim() } : {}),
          },
        }
      : {}),
    allowBroadKey: TRUE.has(env.HEARKEN_ALLOW_BROAD_KEY?.trim().toLowerCase() ?? ''),
    ...(env.HEARKEN_TRUST_PROXY ? { trustProxy: Number(env.HEARKEN_TRUST_PROXY) } : {}),
    ...(portal && !FALSE.has(portal)
      ? { portal: changelog ? { ...maxAge, changelog } : TRUE.has(portal) || maxAge }
      : {}),
    ...(env.HEARKEN_MESSAGES_SECRET
      ? {
          messages: {
            ticketSecret: env.HEARKEN_MESSAGES_SECRET,
            ...(env.HEARKEN_MAX_IMAGE_BYTES?.trim() ? { maxImageBytes: Number(env.HEARKEN_MAX_IMAGE_BYTES) } : {}),
          },
        }
      : {}),
    ...(env.HEARKEN_RECEIPT_SECRET ? { receipts: { secret: env.HEARKEN_RECEIPT_SECRET } } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    port: env.PORT ? Number(env.PORT) : 8787,
    host: env.HOST?.trim() || '127.0.0.1',
    metrics: {
      ...(env[OPS_ENV.metricsPort]?.trim() ? { port: Number(env[OPS_ENV.metricsPort]) } : {}),
      ...(env[OPS_ENV.metricsToken]?.trim() ? { token: env[OPS_ENV.metricsToken]?.trim() } : {}),
    },
  };
}

/** How the CLI logs and stops, from the environment (see {@link PROXY_ENV}); check it with {@link envProblems} first. */
export function operateFromEnv(env: Env): { logFormat: LogFormat | null; graceSeconds: number } {
  const format = env[OPS_ENV.logFormat]?.trim();
  const grace = env[OPS_ENV.shutdownGrace]?.trim();
  return {
    logFormat: format === 'json' || format === 'pretty' ? format : null,
    graceSeconds: grace ? Number(grace) : DEFAULT_SHUTDOWN_GRACE_SECONDS,
  };
}

/** `hearken-proxy --help`: usage and every variable with its default. */
export function proxyUsage(): string {
  const width = Math.max(...PROXY_ENV.map((variable) => variable.name.length));
  const lines = PROXY_ENV.map(
    (variable) =>
      `  ${variable.name.padEnd(width)}  ${variable.help}${variable.default ? ` (default: ${variable.default})` : ''}`,
  );
  return [
    'usage: hearken-proxy',
    '',
    'The Hearken key proxy: lets browsers create feedback threads (and, when configured, add a',
    'screenshot to them) without holding an API key.',
    'It checks the key with the service, then listens. Configured by the environment:',
    '',
    ...lines,
  ].join('\n');
}
