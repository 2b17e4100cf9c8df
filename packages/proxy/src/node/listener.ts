import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type FetchHandler, isProxyHandler } from '../handler/create-proxy.ts';
import { fromIncoming, writeReply } from './exchange.ts';

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

/**
 * Serves the proxy from Node's `http.createServer`, passing the socket address as client IP. A
 * handler from `createProxy` is served straight from Node's request and response objects; any
 * other handler (one you wrapped, say) through Fetch Request and Response objects, leaving the
 * host's global `Request` and `Response` as they are.
 */
export function toNodeListener(handler: FetchHandler): NodeListener {
  if (!isProxyHandler(handler)) {
    return getRequestListener((request, env) => handler(request, { clientIp: env.incoming.socket.remoteAddress }), {
      // The adapter would put its light stand-ins in place of the process's globals, which forget
      // headers set on a Response once its body is read: not ours to change in a host's process.
      overrideGlobalObjects: false,
    });
  }
  const handle = handler.handle;
  return async (incoming, outgoing) => {
    writeReply(outgoing, await handle(fromIncoming(incoming), { clientIp: incoming.socket.remoteAddress }));
  };
}
