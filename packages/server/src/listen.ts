import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { answerClientError } from './http/client-error.ts';

export interface Listening {
  port: number;
  /** Stops accepting connections and ends open ones, including idle keep-alive sockets. */
  close(): Promise<void>;
}

/** Serves a fetch handler over HTTP on Node, resolving once the port is bound. */
export async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  options: { port: number; host: string },
): Promise<Listening> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve({ fetch, port: options.port, hostname: options.host }, () => resolve(listening));
    listening.once('error', reject);
    listening.on('clientError', answerClientError);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would otherwise hold close() open until they time out.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
