import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { listen } from './listen.ts';

/** Latency buckets in seconds: from a cached read to a slow write, or an upstream one near its timeout, under load. */
export const LATENCY_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A Prometheus registry of the service's own (one per service, none global) with Node's process metrics in it. */
export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** What a gauge may add to its name, help and labels: a `collect` that sets it when scraped. */
export interface GaugeExtras<L extends string> {
  collect?: (this: Gauge<L>) => Promise<void> | void;
}

/**
 * Declares the metrics of one registry, each in one call: a counter or gauge by its name, its
 * labels and its help, registered there (never in prom-client's global registry).
 */
export function metricsIn(registry: Registry) {
  return {
    counter: <L extends string>(name: string, labelNames: readonly L[], help: string): Counter<L> =>
      new Counter({ name, help, labelNames, registers: [registry] }),
    gauge: <L extends string = never>(
      name: string,
      labelNames: readonly L[],
      help: string,
      extras: GaugeExtras<L> = {},
    ): Gauge<L> => new Gauge({ name, help, labelNames, registers: [registry], ...extras }),
  };
}

/** Records one answered request: its route template (never the raw URL), method, status and, when known, duration. */
export type RequestRecorder = (route: string, method: string, status: number, seconds?: number) => void;

/**
 * Every service's request metrics: `<prefix>_requests_total` by route template, method and status,
 * and `<prefix>_request_duration_seconds` by route template and method.
 */
export function requestMetrics(registry: Registry, prefix: string): RequestRecorder {
  const requests = metricsIn(registry).counter(
    `${prefix}_requests_total`,
    ['route', 'method', 'status'],
    'Requests answered, by route template, method and status.',
  );
  const latency = new Histogram({
    name: `${prefix}_request_duration_seconds`,
    help: 'Time from a request to its answer, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  return (route, method, status, seconds) => {
    requests.inc({ route, method, status: String(status) });
    if (seconds !== undefined) latency.observe({ route, method }, seconds);
  };
}

/** The Prometheus text exposition of a registry, as prom-client renders it. */
export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/** Whether an `Authorization` header carries `token` as a bearer token; any header passes when no token is set. */
export function metricsAuthorized(authorization: string | null | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer to a metrics request: 401 without the token, else the exposition. */
export async function metricsAnswer(
  source: MetricsSource,
  authorization: string | null | undefined,
  token: string | undefined,
): Promise<{ status: 200 | 401; headers: Record<string, string>; body: string }> {
  if (!metricsAuthorized(authorization, token)) {
    return {
      status: 401,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' },
      body: 'metrics need the bearer token\n',
    };
  }
  return { status: 200, headers: { 'content-type': source.contentType }, body: await source.metrics() };
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/** Serves `path` (and nothing else) on a port of its own, so metrics can stay off the public interface. */
export async function listenForMetrics(
  source: MetricsSource,
  options: { port: number; host: string; path: string; token?: string | undefined },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics.invalid').pathname;
    if (path !== options.path || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metricsAnswer(source, request.headers.authorization, options.token).then(
      (answer) => response.writeHead(answer.status, answer.headers).end(request.method === 'HEAD' ? '' : answer.body),
      () => response.writeHead(500).end(),
    );
  });
  const port = await listen(server, options.port, options.host);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
