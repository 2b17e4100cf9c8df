import type { ProxyOptions } from '../config/options.ts';
import { createProxyWith, type ProxyHandler, type ProxyHooks } from '../handler/create-proxy.ts';
import { nodeTransport } from './transport.ts';

/**
 * `createProxy` for Node: the same Fetch-standard handler, sending to the service over
 * a keep-alive undici connection pool unless `options.fetch` is given.
 */
export async function createProxy(options: ProxyOptions): Promise<ProxyHandler> {
  return createObservedProxy(options, {});
}

/** `createProxy` with what `startProxy` adds for operators (readiness checks, metrics). */
export async function createObservedProxy(options: ProxyOptions, hooks: ProxyHooks): Promise<ProxyHandler> {
  const transport = options.fetch ? null : nodeTransport();
  try {
    return await createProxyWith(options, transport, hooks);
  } catch (error) {
    // A refused start leaves no connection open.
    transport?.close();
    throw error;
  }
}
