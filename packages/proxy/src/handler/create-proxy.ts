import type { ProxyOptions } from '../config/options.ts';
import { resolveOptions } from '../config/resolve-options.ts';
import type { ProxyReply, ProxyRequest } from '../http/exchange.ts';
import { fromFetchRequest, toFetchResponse } from '../http/fetch-exchange.ts';
import type { Fetched, UpstreamRequest, UpstreamTransport } from '../http/upstream-transport.ts';
import { keyScope, scopedLimiters } from '../limits/rate-limit.ts';
import { receiptsFor } from '../receipts/settings.ts';
import { checkKey } from '../upstream/startup-check.ts';
import { createHandle, type ProxyRequestContext, withinBase } from './handle.ts';
import type { ReadinessChecks } from './readiness.ts';
import { createRouter } from './routes.ts';

export type { ProxyRequestContext } from './handle.ts';

/** A Fetch-standard handler: works as is on Node, Bun, Deno, Workers and in framework route handlers. */
export type FetchHandler = (request: Request, context?: ProxyRequestContext) => Promise<Response>;

/** What `createProxy` returns: a Fetch-standard handler, and what a runtime adapter or host app needs beside it. */
export interface ProxyHandler extends FetchHandler {
  /** The same call as a method, so the handler can be the default export a Worker, Bun or Deno serves. */
  fetch(request: Request): Promise<Response>;
  /** Whether it answers this request path (its base path included): a host app hands every other path to its own routes. */
  serves(path: string): boolean;
  /** The logic over runtime-neutral requests and replies, which the Node adapters call without making a Request or a Response. */
  handle(request: ProxyRequest, context: ProxyRequestContext): Promise<ProxyReply>;
  /** Lets go of the connections kept open to the service. */
  close(): Promise<void>;
}

/** Whether `handler` is one `createProxy` made rather than one a host app wrapped. */
export function isProxyHandler(handler: FetchHandler): handler is ProxyHandler {
  return typeof (handler as Partial<ProxyHandler>).handle === 'function';
}

/**
 * Checks the options and the key (GET /api/v2/me), then returns the handler. Rejects with a
 * `ProxyConfigError` saying what to fix when the key or an option is unfit.
 */
export function createProxy(options: ProxyOptions): Promise<ProxyHandler> {
  return createProxyWith(options, null);
}

/** What a runtime adapter adds to the handler for operators. */
export interface ProxyHooks {
  /** Readiness checks beside the service's (the Node server adds Redis). */
  readiness?: ReadinessChecks;
  /** Told of every request forwarded to the service, once its answer is read (metrics). */
  upstream?: (request: UpstreamRequest, fetched: Fetched) => void;
}

/** `createProxy` with the runtime's own transport to the service (see `ProxyOptions.fetch`); the handler's `close` closes it. */
export async function createProxyWith(
  options: ProxyOptions,
  transport: UpstreamTransport | null,
  hooks: ProxyHooks = {},
): Promise<ProxyHandler> {
  const resolved = resolveOptions(options, transport);
  // A store of counts the app gave (Redis) may be shared with proxies for other keys.
  if (resolved.limiters) resolved.limiters = scopedLimiters(resolved.limiters, await keyScope(resolved.apiKey));
  const key = await checkKey(resolved);
  const receipts = await receiptsFor(resolved, key);
  resolved.log({ level: 'info', event: 'ready' });
  const told = hooks.upstream;
  if (told) {
    const send = resolved.transport;
    resolved.transport = Object.assign(
      async (request: UpstreamRequest, timeoutMs: number) => {
        const fetched = await send(request, timeoutMs);
        told(request, fetched);
        return fetched;
      },
      { fetch: send.fetch, close: send.close },
    ) as UpstreamTransport;
  }
  const route = createRouter(resolved, hooks.readiness, receipts);
  const handle = createHandle(resolved, route);
  const basePath = resolved.basePath;
  const fetch: FetchHandler = async (request, context = {}) =>
    toFetchResponse(await handle(fromFetchRequest(request), context));
  return Object.assign(fetch, {
    fetch: (request: Request) => fetch(request),
    serves: (path: string) => {
      const local = withinBase(path, basePath);
      return local !== null && route(local) !== null;
    },
    handle,
    close: async () => transport?.close?.(),
  });
}
