/**
 * The runtime-neutral part of the proxy (no Node built-ins): import `@hearken/proxy/fetch` on
 * Cloudflare Workers, Deno, Bun or in framework route handlers.
 */

export { FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
export { isProxyConfigError, ProxyConfigError, type ProxyConfigReason } from './config/errors.ts';
export type { ProxyLogEntry, ProxyOptions } from './config/options.ts';
export {
  createProxy,
  type FetchHandler,
  type ProxyHandler,
  type ProxyRequestContext,
} from './handler/create-proxy.ts';
export type { ProxyReply, ProxyRequest } from './http/exchange.ts';
export { type Limiter, type LimiterFactory, memoryLimiters, type RateLimitRule } from './limits/rate-limit.ts';
export { FORWARDED_FIELDS } from './write/thread-input.ts';
