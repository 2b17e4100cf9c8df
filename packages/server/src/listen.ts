import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { clientErrorListener, compressed, listen as listenOn, resolvedPath } from '@hearken/service';
import { getRequestListener } from '@hono/node-server';
import { adapterFailure, refusalAnswer, refusalFailure, unreadableExchange } from './http/unreadable.ts';

export interface Listening {
  port: number;
  /**
   * Stops accepting connections and ends open ones, including idle keep-alive sockets. With
   * `graceMs`, requests in flight first get their answers (each on a connection then closed), for
   * up to that long; then what is left is cut.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Serves a fetch handler over HTTP on Node, resolving once the port is bound. A request the
 * adapter cannot turn into a URL (a backslash in the path, a bad Host header), or that Node's
 * parser refuses, is handed to the handler as a stand-in carrying its failure (`unreadableExchange`),
 * so the app answers it like every other: 400 (431 for headers too large) in the error format of
 * its path's API generation, with the rate-limit headers of its address.
 */
export async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  options: { port: number; host: string },
): Promise<Listening> {
  // The adapter's error hook gets only the error: the request it failed on is carried alongside.
  const current = new AsyncLocalStorage<IncomingMessage>();
  const handle = getRequestListener(fetch, {
    hostname: options.host,
    errorHandler: (error) => {
      const incoming = current.getStore();
      const failure = adapterFailure(error, incoming?.headers.host);
      return fetch(
        ...unreadableExchange(resolvedPath(incoming?.url ?? ''), {
          failure,
          remoteAddress: incoming?.socket.remoteAddress,
        }),
      );
    },
  });
  // Answers compressed as the client accepts (brotli or gzip).
  const serve = compressed(handle);
  // Requests not answered yet, so a graceful close can let them finish on connections it then ends.
  const answering = new Set<ServerResponse>();
  let closing = false;
  function answered(this: ServerResponse) {
    answering.delete(this);
  }
  const server = createServer((incoming, outgoing) => {
    if (closing) outgoing.shouldKeepAlive = false;
    else {
      answering.add(outgoing);
      outgoing.on('close', answered);
    }
    current.run(incoming, () => serve(incoming, outgoing));
  });
  // Requests Node's own parser refuses never reach the adapter.
  server.on(
    'clientError',
    clientErrorListener(async (refusal) =>
      refusalAnswer(
        await fetch(
          ...unreadableExchange(refusal.path, {
            failure: refusalFailure(refusal),
            remoteAddress: refusal.remoteAddress,
          }),
        ),
      ),
    ),
  );
  const port = await listenOn(server, options.port, options.host);
  return {
    port,
    close: ({ graceMs = 0 } = {}) =>
      new Promise<void>((resolve) => {
        closing = true;
        const cut = graceMs > 0 ? setTimeout(() => server.closeAllConnections(), graceMs) : undefined;
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        for (const outgoing of answering) outgoing.shouldKeepAlive = false;
        // Keep-alive sockets would otherwise hold close() open until they time out.
        if (cut) server.closeIdleConnections();
        else server.closeAllConnections();
      }),
  };
}
