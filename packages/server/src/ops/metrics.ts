import { API_ERRORS } from '@hearken/core';
import { createRegistry, requestMetrics } from '@hearken/service';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/open.ts';
import type { RefusalReason } from '../http/env.ts';
import { methodClassOf } from '../http/rate-limit.ts';
import type { AttemptOutcome } from '../webhooks/delivery-queue.ts';

/** The server's Prometheus metrics, in a registry of its own (one per server, none global). */
export interface ServerMetrics {
  readonly registry: Registry;
  /**
   * One answered request: its route template (never the raw URL), method, status and duration,
   * and why authentication refused it, if it did.
   */
  request(route: string, method: string, status: number, seconds: number, refusal?: RefusalReason): void;
  /** One webhook attempt's outcome, as the delivery worker recorded it. */
  delivery(outcome: AttemptOutcome['kind']): void;
}

/** The pending deliveries, read when metrics are scraped. */
interface PendingSummary {
  count: number;
  oldest: Date | null;
}

async function pendingSummary(db: Db): Promise<PendingSummary> {
  const result = await db.orm.execute(
    sql`select count(*)::int as count, min(created_at) as oldest from webhook_deliveries where status = 'pending'`,
  );
  const row = (result as unknown as { rows: { count: number; oldest: string | Date | null }[] }).rows[0];
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Requests by route and status, their latency, rate-limit refusals, and webhook deliveries: sent
 * and failed as they happen, pending and the age of the oldest pending read from the database
 * at each scrape (every server shares the outbox, so any one of them reports all of it).
 */
export function createServerMetrics(db: Db, clock: () => Date = () => new Date()): ServerMetrics {
  const registry = createRegistry();
  const answered = requestMetrics(registry, 'hearken_http');
  const refusals = new Counter({
    name: 'hearken_rate_limit_refusals_total',
    help: 'Requests refused with 429, by method class (read or write).',
    labelNames: ['class'] as const,
    registers: [registry],
  });
  const refusedBy = new Counter({
    name: 'hearken_auth_refusals_total',
    help: "Requests refused before their handler, by reason: no_key, unknown_key (unknown, revoked or malformed), key_version (v1 key on v2), address_limit (429: too many without a valid key from one address), key_limit (429: the key's own limit).",
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'hearken_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome: delivered, failed (retried or given up), gone (410, endpoint turned off).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // One query serves both gauges of a scrape.
  let summary: Promise<PendingSummary> | null = null;
  const read = () => {
    summary ??= pendingSummary(db).finally(() => {
      setTimeout(() => {
        summary = null;
      }, 1000).unref();
    });
    return summary;
  };
  new Gauge({
    name: 'hearken_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting for a (first or next) attempt.',
    registers: [registry],
    async collect() {
      this.set((await read()).count);
    },
  });
  new Gauge({
    name: 'hearken_webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest pending webhook delivery, 0 when none is pending.',
    registers: [registry],
    async collect() {
      const { oldest } = await read();
      this.set(oldest ? Math.max(0, (clock().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  return {
    registry,
    request(route, method, status, seconds, refusal) {
      answered(route, method, status, seconds);
      if (status === API_ERRORS.rate_limited.status) refusals.inc({ class: methodClassOf(method) });
      if (refusal) refusedBy.inc({ reason: refusal });
    },
    delivery(outcome) {
      deliveries.inc({ outcome });
    },
  };
}
