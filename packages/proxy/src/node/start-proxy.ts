import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPS_PATHS, type ReadinessCheck } from '@hearken/core';
import {
  clientErrorListener,
  compressed,
  listen,
  listenForMetrics,
  type MetricsListener,
  metricsAnswer,
} from '@hearken/service';
import { Redis } from 'ioredis';
import { DEFAULTS } from '../config/defaults.ts';
import type { ProxyLogEntry, ProxyOptions } from '../config/options.ts';
import type { ProxyHandler } from '../handler/create-proxy.ts';
import { errorReply, newRequestId } from '../http/envelope.ts';
import { redisLimiters } from '../limits/redis.ts';
import { createProxyMetrics } from '../ops/metrics.ts';
import { parserRefusalAnswer } from './client-error.ts';
import { createObservedProxy } from './create-proxy.ts';
import { writeReply } from './exchange.ts';
import { type NodeListener, toNodeListener } from './listener.ts';

export interface StartProxyOptions extends ProxyOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`; use `0.0.0.0` inside a container. */
  host?: string;
  /** Share rate-limit counts through this Redis (e.g. `redis://localhost:6379`). */
  redisUrl?: string;
  /**
   * Prometheus metrics at GET /metrics (below `basePath`), in a registry of this proxy's own.
   * They name the key's remaining budget, so they are never on the browser-facing port unless
   * scrapers must show a bearer token: `port` serves them on a port of their own (on `host`; 0
   * picks a free one); `token` alone, beside the proxy, asking for the token; `true` (neither)
   * on a free port of their own on 127.0.0.1 (see `metricsUrl`). Default: off.
   */
  metrics?: boolean | { port?: number | undefined; token?: string | undefined };
}

/** How `RunningProxy.close` stops. */
export interface ProxyCloseOptions {
  /**
   * Milliseconds requests in flight may take to get their answers before their connections are
   * cut. Default: the upstream `timeout` and a second, so every forwarded request can finish.
   */
  graceMs?: number;
}

export interface RunningProxy {
  url: string;
  /** Where the metrics are served, when on a port of their own. */
  metricsUrl: string | null;
  /**
   * Stops taking connections and closes idle ones at once; requests in flight get their answers,
   * for up to `graceMs` (then their connections are cut), then it closes Redis and resolves.
   */
  close(options?: ProxyCloseOptions): Promise<void>;
}

/** Redis answers a readiness probe within this, or is reported as not answering. */
const REDIS_CHECK_MS = 2_000;

function redisCheck(redis: Redis): () => Promise<ReadinessCheck> {
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ReadinessCheck>((resolve) => {
      timer = setTimeout(resolve, REDIS_CHECK_MS, 'timeout');
    });
    const ping = redis.ping().then(
      (): ReadinessCheck => 'ok',
      (): ReadinessCheck => 'unreachable',
    );
    return Promise.race([ping, late]).finally(() => clearTimeout(timer));
  };
}

/** Checks the key, then listens. Rejects with `ProxyConfigError` when the proxy must not start. */
export async function startProxy(options: StartProxyOptions): Promise<RunningProxy> {
  const { port = 0, host = '127.0.0.1', redisUrl, metrics: metricsOption = false, ...given } = options;
  const metrics = metricsOption ? createProxyMetrics() : null;
  const metricsToken = typeof metricsOption === 'object' ? metricsOption.token : undefined;
  const metricsPort = typeof metricsOption === 'object' ? metricsOption.port : undefined;
  // Beside the proxy only behind a token; else a port of their own, loopback when none was named.
  const metricsOnPort =
    metricsPort !== undefined ? { port: metricsPort, host } : metricsToken ? null : { port: 0, host: '127.0.0.1' };
  const metricsPath = `${given.basePath ?? ''}${OPS_PATHS.metrics}`;
  const userLog = given.log;
  const proxyOptions = metrics
    ? {
        ...given,
        log: (entry: ProxyLogEntry) => {
          metrics.log(entry);
          userLog?.(entry);
        },
      }
    : given;
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: false, enableOfflineQueue: false }) : null;
  // Connection errors are the limiters' to fall back on and /readyz's to report, not the process's.
  redis?.on('error', () => {});
  let metricsListener: MetricsListener | undefined;
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
      if (metrics && !metricsOnPort && incoming.url?.split('?')[0] === metricsPath) {
        metricsAnswer(metrics.registry, incoming.headers.authorization, metricsToken).then(
          (answer) => outgoing.writeHead(answer.status, answer.headers).end(answer.body),
          () => outgoing.writeHead(500).end(),
        );
        return;
      }
      if (listener) return listener(incoming, outgoing);
      writeReply(outgoing, errorReply('starting', 'The proxy is starting', newRequestId()));
    });
    server.on('clientError', clientErrorListener(parserRefusalAnswer(proxyOptions.log ?? (() => {}))));
    await listen(server, port, host);
    let handler: ProxyHandler;
    try {
      handler = await createObservedProxy(
        redis
          ? { ...proxyOptions, rateLimit: { ...proxyOptions.rateLimit, limiters: redisLimiters(redis) } }
          : proxyOptions,
        {
          ...(redis ? { readiness: { redis: redisCheck(redis) } } : {}),
          ...(metrics ? { upstream: metrics.upstream } : {}),
        },
      );
      if (metrics && metricsOnPort) {
        metricsListener = await listenForMetrics(metrics.registry, {
          port: metricsOnPort.port,
          host: metricsOnPort.host,
          path: metricsPath,
          token: metricsToken,
        }).catch(async (error: unknown) => {
          await handler.close();
          throw error;
        });
      }
    } catch (error) {
      server.close();
      throw error;
    }
    listener = compressed(toNodeListener(handler));
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    // A request's wait is bounded by the upstream timeout; the second more lets its 502 go out too.
    const defaultGrace = (typeof proxyOptions.timeout === 'number' ? proxyOptions.timeout : DEFAULTS.timeout) + 1_000;
    return {
      url: `http://${shownHost}:${address.port}`,
      metricsUrl: metricsListener
        ? `http://${metricsPort === undefined ? '127.0.0.1' : shownHost}:${metricsListener.port}${metricsPath}`
        : null,
      close: ({ graceMs = defaultGrace } = {}) => {
        stopping ??= new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          // Answers still to go out close their connections after them (`Connection: close`).
          for (const outgoing of answering) outgoing.shouldKeepAlive = false;
          server.closeIdleConnections();
        }).then(async () => {
          await metricsListener?.close();
          redis?.disconnect();
          return handler.close();
        });
        return stopping;
      },
    };
  } catch (error) {
    await metricsListener?.close();
    redis?.disconnect();
    throw error;
  }
}
