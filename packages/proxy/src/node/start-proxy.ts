import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientErrorListener } from '@hearken/core/node';
import { Redis } from 'ioredis';
import { DEFAULTS } from '../config/defaults.ts';
import type { ProxyOptions } from '../config/options.ts';
import type { ProxyHandler } from '../handler/create-proxy.ts';
import { errorReply, newRequestId } from '../http/envelope.ts';
import { redisLimiters } from '../limits/redis.ts';
import { parserRefusalAnswer } from './client-error.ts';
import { createProxy } from './create-proxy.ts';
import { writeReply } from './exchange.ts';
import { type NodeListener, toNodeListener } from './listener.ts';

export interface StartProxyOptions extends ProxyOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`; use `0.0.0.0` inside a container. */
  host?: string;
  /** Share rate-limit counts through this Redis (e.g. `redis://localhost:6379`). */
  redisUrl?: string;
}

export interface RunningProxy {
  url: string;
  /**
   * Stops taking connections and closes idle ones at once; requests in flight get their answers,
   * for up to the upstream `timeout` and a second (then their connections are cut), then it resolves.
   */
  close(): Promise<void>;
}

/** Checks the key, then listens. Rejects with `ProxyConfigError` when the proxy must not start. */
export async function startProxy(options: StartProxyOptions): Promise<RunningProxy> {
  const { port = 0, host = '127.0.0.1', redisUrl, ...proxyOptions } = options;
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, enableOfflineQueue: false }) : null;
  try {
    // Listen first, so a port in use is reported before the key check and its `ready` line.
    let listener: NodeListener | undefined;
    let stopping: Promise<void> | undefined;
    // Requests not answered yet, so a stop can close their connections once they are.
    const answering = new Set<ServerResponse>();
    // One listener for every response ('close' comes once, with the response as `this`).
    function answered(this: ServerResponse) {
      answering.delete(this);
    }
    // Replies go out without waiting for Nagle's algorithm (Node's default, stated since it matters here).
    const server = createServer({ noDelay: true }, (incoming, outgoing) => {
      if (stopping) outgoing.shouldKeepAlive = false;
      else {
        answering.add(outgoing);
        outgoing.on('close', answered);
      }
      if (listener) return listener(incoming, outgoing);
      writeReply(outgoing, errorReply(503, 'starting', 'The proxy is starting', newRequestId()));
    });
    server.on('clientError', clientErrorListener(parserRefusalAnswer(proxyOptions.log ?? (() => {}))));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    let handler: ProxyHandler;
    try {
      handler = await createProxy(
        redis
          ? { ...proxyOptions, rateLimit: { ...proxyOptions.rateLimit, limiters: redisLimiters(redis) } }
          : proxyOptions,
      );
    } catch (error) {
      server.close();
      throw error;
    }
    listener = toNodeListener(handler);
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    // A request's wait is bounded by the upstream timeout; the second more lets its 502 go out too.
    const grace = (typeof proxyOptions.timeout === 'number' ? proxyOptions.timeout : DEFAULTS.timeout) + 1_000;
    return {
      url: `http://${shownHost}:${address.port}`,
      close: () => {
        stopping ??= new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), grace);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          // Answers still to go out close their connections after them (`Connection: close`).
          for (const outgoing of answering) outgoing.shouldKeepAlive = false;
          server.closeIdleConnections();
        }).then(() => {
          redis?.disconnect();
          return handler.close();
        });
        return stopping;
      },
    };
  } catch (error) {
    redis?.disconnect();
    throw error;
  }
}
