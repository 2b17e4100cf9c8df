import type { ProxyOptions } from '../config/options.ts';
import { resolveOptions } from '../config/resolve-options.ts';
import { fromFetchRequest, type ProxyReply, type ProxyRequest, toFetchResponse } from '../http/exchange.ts';
import { checkKey } from '../upstream/startup-check.ts';
import type { UpstreamTransport } from '../upstream/transport.ts';
import { createHandle, type ProxyRequestContext, withinBase } from './handle.ts';
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

/** `createProxy` with the runtime's own transport to the service (see `ProxyOptions.fetch`); the handler's `close` closes it. */
export async function createProxyWith(
  options: ProxyOptions,
  transport: UpstreamTransport | null,
): Promise<ProxyHandler> {
  const resolved = resolveOptions(options, transport);
  await checkKey(resolved);
  resolved.log({ level: 'info', event: 'ready' });
  const route = createRouter(resolved);
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
