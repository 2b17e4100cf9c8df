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
 * Declares the metrics of one registry, each in one call: a counter, gauge or histogram by its
 * name, its labels and its help (a histogram also by its buckets), registered there (never in
 * prom-client's global registry).
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
    histogram: <L extends string>(
      name: string,
      labelNames: readonly L[],
      help: string,
      buckets: readonly number[],
    ): Histogram<L> => new Histogram({ name, help, labelNames, buckets: [...buckets], registers: [registry] }),
  };
}

/** One metric as a service's table declares it; its labels default to none. */
export type MetricSpec = {
  readonly name: string;
  readonly help: string;
  readonly labels?: readonly string[];
} & ({ readonly kind: 'counter' | 'gauge' } | { readonly kind: 'histogram'; readonly buckets: readonly number[] });

/** A service's metrics, each under the key its code uses. */
export type MetricTable = Readonly<Record<string, MetricSpec>>;

type LabelsOf<S extends MetricSpec> = S extends { readonly labels: readonly (infer L extends string)[] } ? L : never;

/** The prom-client metric a table row declares. */
export type MetricOf<S extends MetricSpec> = S['kind'] extends 'counter'
  ? Counter<LabelsOf<S>>
  : S['kind'] extends 'gauge'
    ? Gauge<LabelsOf<S>>
    : Histogram<LabelsOf<S>>;

/** The metrics a table declares, under its keys. */
export type Metrics<T extends MetricTable> = { readonly [K in keyof T]: MetricOf<T[K]> };

/** The gauges of a table that are read when scraped, each with the `collect` that sets it. */
export type Collectors<T extends MetricTable> = {
  readonly [K in keyof T as T[K]['kind'] extends 'gauge' ? K : never]?: GaugeExtras<LabelsOf<T[K]>>['collect'];
};

/**
 * Builds a service's metrics from its table, in the table's order (the order `/metrics` lists
 * them in), in `registry`.
 */
export function metricsFrom<const T extends MetricTable>(
  registry: Registry,
  table: T,
  collectors: Collectors<T> = {},
): Metrics<T> {
  const metric = metricsIn(registry);
  const collect = collectors as Readonly<Record<string, GaugeExtras<string>['collect']>>;
  const built = Object.entries(table).map(([key, spec]) => {
    const labels = spec.labels ?? [];
    if (spec.kind === 'histogram') return [key, metric.histogram(spec.name, labels, spec.help, spec.buckets)];
    if (spec.kind === 'counter') return [key, metric.counter(spec.name, labels, spec.help)];
    return [key, metric.gauge(spec.name, labels, spec.help, collect[key] ? { collect: collect[key] } : {})];
  });
  return Object.fromEntries(built) as Metrics<T>;
}

/** Records one answered request: its route template (never the raw URL), method, status and, when known, duration. */
export type RequestRecorder = (route: string, method: string, status: number, seconds?: number) => void;

/**
 * Every service's request metrics: `<prefix>_requests_total` by route template, method and status,
 * and `<prefix>_request_duration_seconds` by route template and method.
 */
export function requestMetrics(registry: Registry, prefix: string): RequestRecorder {
  const { requests, latency } = metricsFrom(registry, {
    requests: {
      kind: 'counter',
      name: `${prefix}_requests_total`,
      labels: ['route', 'method', 'status'],
      help: 'Requests answered, by route template, method and status.',
    },
    latency: {
      kind: 'histogram',
      name: `${prefix}_request_duration_seconds`,
      labels: ['route', 'method'],
      help: 'Time from a request to its answer, by route template and method.',
      buckets: LATENCY_BUCKETS,
    },
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
