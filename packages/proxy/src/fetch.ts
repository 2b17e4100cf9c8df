/**
 * The runtime-neutral part of the proxy (no Node built-ins): import `@hearken/proxy/fetch` on
 * Cloudflare Workers, Deno, Bun or in framework route handlers.
 */

export { FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
export { createProxy, type ProxyHandler, type ProxyRequestContext } from './create-proxy.ts';
export { isProxyConfigError, ProxyConfigError, type ProxyConfigReason } from './errors.ts';
export type { Limiter, LimiterFactory, ProxyLogEntry, ProxyOptions, RateLimitRule } from './options.ts';
export { memoryLimiters } from './rate-limit.ts';
export { FORWARDED_FIELDS } from './thread-input.ts';
