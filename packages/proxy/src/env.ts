import type { StartProxyOptions } from './node.ts';

const TRUE = new Set(['1', 'true', 'yes', 'on']);

/**
 * Options from the environment: HEARKEN_UPSTREAM, HEARKEN_API_KEY, HEARKEN_ALLOWED_ORIGINS
 * (comma-separated, `*` for any), HEARKEN_IDENTITY_SECRET, HEARKEN_IDENTITY_REQUIRED,
 * HEARKEN_ALLOW_BROAD_KEY, HEARKEN_TRUST_PROXY (hops), HEARKEN_PORTAL (`true` or cache seconds),
 * REDIS_URL, PORT, HOST. Missing required values are left for `createProxy` to name.
 */
export function optionsFromEnv(env: Record<string, string | undefined>): StartProxyOptions {
  const origins = (env.HEARKEN_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const portal = env.HEARKEN_PORTAL?.trim();
  return {
    upstream: env.HEARKEN_UPSTREAM ?? '',
    apiKey: env.HEARKEN_API_KEY ?? '',
    allowedOrigins: origins,
    ...(env.HEARKEN_IDENTITY_SECRET
      ? {
          identity: {
            secret: env.HEARKEN_IDENTITY_SECRET,
            required: TRUE.has(env.HEARKEN_IDENTITY_REQUIRED?.toLowerCase() ?? ''),
          },
        }
      : {}),
    allowBroadKey: TRUE.has(env.HEARKEN_ALLOW_BROAD_KEY?.toLowerCase() ?? ''),
    ...(env.HEARKEN_TRUST_PROXY ? { trustProxy: Number(env.HEARKEN_TRUST_PROXY) } : {}),
    ...(portal ? { portal: TRUE.has(portal.toLowerCase()) ? true : { maxAgeSeconds: Number(portal) } } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    port: env.PORT ? Number(env.PORT) : 8787,
    host: env.HOST ?? '127.0.0.1',
  };
}
