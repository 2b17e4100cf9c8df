import { API_ERRORS, RATE_LIMIT_HEADERS } from '@hearken/core';
import { createRegistry, type MetricTable, metricsFrom, requestMetrics } from '@hearken/service';
import type { Registry } from 'prom-client';
import type { ProxyLogEntry } from '../config/options.ts';
import type { Fetched, UpstreamRequest } from '../http/upstream-transport.ts';

/** The proxy's Prometheus metrics, in a registry of its own (one per proxy, none global). */
export interface ProxyMetrics {
  readonly registry: Registry;
  /** Reads a log entry: each `request` entry is counted by route template, status and refusal reason. */
  log(entry: ProxyLogEntry): void;
  /** One request forwarded to the service, with its answer (or none). */
  upstream(request: UpstreamRequest, fetched: Fetched): void;
}

/** The proxy's own metrics (beside the request metrics every service has), in `/metrics` order. */
const PROXY_METRICS = {
  refused: {
    kind: 'counter',
    name: 'hearken_proxy_refused_total',
    labels: ['reason'],
    help: 'Requests refused or turned aside, by reason (origin, invalid_field, per_ip, key_budget, spam, ...).',
  },
  held: {
    kind: 'counter',
    name: 'hearken_proxy_held_total',
    labels: ['reason'],
    help: 'Thread creates forwarded held for review, by reason (honeypot, fill_time, rate, duplicate, links); one may count under several.',
  },
  rateLimited: {
    kind: 'counter',
    name: 'hearken_proxy_rate_limit_refusals_total',
    labels: ['route'],
    help: 'Requests answered 429, by route template.',
  },
  forwarded: {
    kind: 'counter',
    name: 'hearken_proxy_forwarded_total',
    labels: ['method', 'status'],
    help: "Requests forwarded to the service, by method and its answer's status (timeout or error when none came).",
  },
  budget: {
    kind: 'gauge',
    name: 'hearken_proxy_key_budget_remaining',
    help: "Writes left in the key's current window, as the service last reported it (X-RateLimit-Remaining).",
  },
  budgetLimit: {
    kind: 'gauge',
    name: 'hearken_proxy_key_budget_limit',
    help: 'Writes the key may make per window, as the service last reported it (X-RateLimit-Limit).',
  },
} as const satisfies MetricTable;

/**
 * Requests by route and status with their latency, refusals by reason (rate limits among them),
 * holds for review by reason,
 * requests forwarded to the service by its answer, and the key's write budget left as the
 * service last reported it.
 */
export function createProxyMetrics(): ProxyMetrics {
  const registry = createRegistry();
  const request = requestMetrics(registry, 'hearken_proxy');
  const { refused, held, rateLimited, forwarded, budget, budgetLimit } = metricsFrom(registry, PROXY_METRICS);
  return {
    registry,
    log(entry) {
      if (entry.event !== 'request' || entry.status === undefined) return;
      // Requests Node's parser refused never reached a route.
      const route = entry.route ?? 'unparsed';
      const method = entry.method ?? 'unknown';
      request(route, method, entry.status, entry.durationMs === undefined ? undefined : entry.durationMs / 1000);
      if (entry.reason) refused.inc({ reason: entry.reason });
      for (const reason of entry.held ?? []) held.inc({ reason });
      if (entry.status === API_ERRORS.rate_limited.status) rateLimited.inc({ route });
    },
    upstream(request, fetched) {
      if (!fetched.ok) {
        forwarded.inc({ method: request.method, status: fetched.timedOut ? 'timeout' : 'error' });
        return;
      }
      forwarded.inc({ method: request.method, status: String(fetched.status) });
      if (request.method !== 'POST') return;
      const remaining = Number(fetched.header(RATE_LIMIT_HEADERS.remaining) ?? Number.NaN);
      const limit = Number(fetched.header(RATE_LIMIT_HEADERS.limit) ?? Number.NaN);
      if (Number.isFinite(remaining)) budget.set(remaining);
      if (Number.isFinite(limit)) budgetLimit.set(limit);
    },
  };
}
