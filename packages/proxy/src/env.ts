import type { StartProxyOptions } from './node.ts';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);
const MIN_SECRET_BYTES = 32;

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
  { name: 'HEARKEN_API_KEY', help: 'v2 API key with exactly the threads:write scope (required)' },
  {
    name: 'HEARKEN_ALLOWED_ORIGINS',
    help: 'comma-separated origins allowed to send feedback, e.g. https://www.example.com; * for any (required)',
  },
  { name: 'HEARKEN_IDENTITY_SECRET', help: 'secret (32+ bytes) verifying identity tokens', default: 'none: no tokens' },
  { name: 'HEARKEN_IDENTITY_REQUIRED', help: 'true refuses feedback without an identity token', default: 'false' },
  { name: 'HEARKEN_ALLOW_BROAD_KEY', help: 'true starts even with a key carrying more scopes', default: 'false' },
  { name: 'HEARKEN_TRUST_PROXY', help: 'number of X-Forwarded-For hops to trust', default: '0' },
  { name: 'HEARKEN_PORTAL', help: 'true (or cache seconds) also serves the public portal reads', default: 'off' },
  { name: 'REDIS_URL', help: 'Redis shared by instances for rate-limit counts', default: 'in-memory counts' },
  { name: 'PORT', help: 'port to listen on', default: '8787' },
  { name: 'HOST', help: 'interface to bind; 0.0.0.0 inside a container', default: '127.0.0.1' },
];

const isBoolean = (value: string) => TRUE.has(value.toLowerCase()) || FALSE.has(value.toLowerCase());

function httpUrlProblem(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'must be an http(s) URL';
  } catch {
    return 'must be an absolute http(s) URL';
  }
}

function originsProblem(value: string | undefined): string | null {
  if (value === undefined) return 'is required: the origins allowed to send feedback, or * for any';
  const entries = splitList(value);
  if (entries.length === 0) {
    return 'is empty, so every browser would be refused: list the allowed origins, or * for any';
  }
  for (const entry of entries) {
    if (entry === '*') continue;
    if (httpUrlProblem(entry) !== null || new URL(entry).origin !== entry.replace(/\/$/, '')) {
      return `"${entry}" is not an origin (scheme://host[:port], no path)`;
    }
  }
  return null;
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * Every problem of the environment, each naming its variable, so one start shows them all. The
 * key itself is checked with the service at start.
 */
export function envProblems(env: Env): string[] {
  const problems: string[] = [];
  const add = (name: string, problem: string | null) => {
    if (problem !== null) problems.push(`${name} ${problem}`);
  };
  const upstream = env.HEARKEN_UPSTREAM?.trim();
  add('HEARKEN_UPSTREAM', upstream ? httpUrlProblem(upstream) : 'is required: the service base URL');
  add('HEARKEN_API_KEY', env.HEARKEN_API_KEY?.trim() ? null : 'is required: a v2 key with the threads:write scope');
  add('HEARKEN_ALLOWED_ORIGINS', originsProblem(env.HEARKEN_ALLOWED_ORIGINS));
  const secret = env.HEARKEN_IDENTITY_SECRET;
  if (secret !== undefined && new TextEncoder().encode(secret).byteLength < MIN_SECRET_BYTES) {
    add('HEARKEN_IDENTITY_SECRET', `must be at least ${MIN_SECRET_BYTES} bytes`);
  }
  for (const name of ['HEARKEN_IDENTITY_REQUIRED', 'HEARKEN_ALLOW_BROAD_KEY']) {
    const value = env[name]?.trim();
    if (value && !isBoolean(value)) add(name, 'must be true or false');
  }
  const hops = env.HEARKEN_TRUST_PROXY?.trim();
  if (hops && !/^\d+$/.test(hops)) add('HEARKEN_TRUST_PROXY', 'must be a whole number of hops (0 or more)');
  const portal = env.HEARKEN_PORTAL?.trim();
  if (portal && !isBoolean(portal) && !/^\d+$/.test(portal)) {
    add('HEARKEN_PORTAL', 'must be true, false or a number of cache seconds');
  }
  const redis = env.REDIS_URL?.trim();
  if (redis && !/^rediss?:\/\/./.test(redis)) add('REDIS_URL', 'must be a redis:// or rediss:// URL');
  const port = env.PORT?.trim();
  if (port && !(/^\d+$/.test(port) && Number(port) <= 65535)) add('PORT', 'must be a port number, 0-65535');
  return problems;
}

/**
 * Options from the environment (see {@link PROXY_ENV}). Check it with {@link envProblems} first:
 * values it refuses are passed on as they are, for `createProxy` to refuse.
 */
export function optionsFromEnv(env: Env): StartProxyOptions {
  const portal = env.HEARKEN_PORTAL?.trim().toLowerCase();
  return {
    upstream: env.HEARKEN_UPSTREAM?.trim() ?? '',
    apiKey: env.HEARKEN_API_KEY?.trim() ?? '',
    allowedOrigins: splitList(env.HEARKEN_ALLOWED_ORIGINS ?? ''),
    ...(env.HEARKEN_IDENTITY_SECRET
      ? {
          identity: {
            secret: env.HEARKEN_IDENTITY_SECRET,
            required: TRUE.has(env.HEARKEN_IDENTITY_REQUIRED?.trim().toLowerCase() ?? ''),
          },
        }
      : {}),
    allowBroadKey: TRUE.has(env.HEARKEN_ALLOW_BROAD_KEY?.trim().toLowerCase() ?? ''),
    ...(env.HEARKEN_TRUST_PROXY ? { trustProxy: Number(env.HEARKEN_TRUST_PROXY) } : {}),
    ...(portal && !FALSE.has(portal) ? { portal: TRUE.has(portal) ? true : { maxAgeSeconds: Number(portal) } } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    port: env.PORT ? Number(env.PORT) : 8787,
    host: env.HOST?.trim() || '127.0.0.1',
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
    'The Hearken key proxy: lets browsers create feedback threads without holding an API key.',
    'It checks the key with the service, then listens. Configured by the environment:',
    '',
    ...lines,
  ].join('\n');
}
