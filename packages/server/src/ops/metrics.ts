import { API_ERRORS } from '@hearken/core';
import { createRegistry, type MetricTable, metricsFrom, requestMetrics } from '@hearken/service';
import { sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import type { Db } from '../db/open.ts';
import type { RefusalReason } from '../http/env.ts';
import { methodClassOf } from '../http/rate-limit.ts';
import { MAIL_KINDS } from '../mail/compose.ts';
import type { MailAttemptResult } from '../mail/worker.ts';
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
  /** How one attempt at an outbox row ended, as the mail worker recorded it. */
  mail(result: MailAttemptResult, kind: string): void;
}

/** Every kind of outbox row, so each shows in the waiting gauge, 0 when none waits. */
const OUTBOX_KINDS = [...MAIL_KINDS, 'thread.notify.chat'] as const;

/** Outbox rows not yet finished, by kind (waiting for a first attempt or a retry). */
async function outboxWaiting(db: Db): Promise<Map<string, number>> {
  const result = await db.orm.execute(
    sql`select kind, count(*)::int as count from outbox where delivered_at is null group by kind`,
  );
  const rows = (result as unknown as { rows: { kind: string; count: number }[] }).rows;
  return new Map(rows.map((row) => [row.kind, Number(row.count)]));
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

/** The server's own metrics (beside the request metrics every service has), in `/metrics` order. */
const SERVER_METRICS = {
  refusals: {
    kind: 'counter',
    name: 'hearken_rate_limit_refusals_total',
    labels: ['class'],
    help: 'Requests refused with 429, by method class (read or write).',
  },
  refusedBy: {
    kind: 'counter',
    name: 'hearken_auth_refusals_total',
    labels: ['reason'],
    help: "Requests refused before their handler, by reason: no_key, unknown_key (unknown, revoked or malformed), key_version (v1 key on v2), address_limit (429: too many without a valid key from one address), key_limit (429: the key's own limit).",
  },
  deliveries: {
    kind: 'counter',
    name: 'hearken_webhook_deliveries_total',
    labels: ['outcome'],
    help: 'Webhook delivery attempts, by outcome: delivered, failed (retried or given up), gone (410, endpoint turned off).',
  },
  mailSent: {
    kind: 'counter',
    name: 'hearken_mail_sent_total',
    labels: ['kind'],
    help: 'Emails SMTP accepted, by outbox kind (issue.follower, thread.notify.email, message.send).',
  },
  mailFailed: {
    kind: 'counter',
    name: 'hearken_mail_failed_attempts_total',
    labels: ['kind'],
    help: 'Attempts at an outbox row that failed (SMTP refused or unreachable, or the row could not be composed), whether retried or given up, by kind.',
  },
  mailGivenUp: {
    kind: 'counter',
    name: 'hearken_mail_given_up_total',
    labels: ['kind'],
    help: 'Outbox rows given up: a permanent refusal (5xx), a payload that can never be sent, or the retry schedule exhausted, by kind.',
  },
  outboxWaiting: {
    kind: 'gauge',
    name: 'hearken_outbox_waiting',
    labels: ['kind'],
    help: 'Outbox rows waiting for a (first or next) attempt, by kind; read from the database, so any one server reports all of it.',
  },
  pending: {
    kind: 'gauge',
    name: 'hearken_webhook_deliveries_pending',
    help: 'Webhook deliveries waiting for a (first or next) attempt.',
  },
  oldestPendingAge: {
    kind: 'gauge',
    name: 'hearken_webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest pending webhook delivery, 0 when none is pending.',
  },
} as const satisfies MetricTable;

/**
 * Requests by route and status, their latency, rate-limit refusals, webhook deliveries and mail:
 * sent and failed as they happen, pending deliveries, the age of the oldest and the outbox rows
 * waiting read from the database at each scrape (every server shares the outbox, so any one of
 * them reports all of it).
 */
export function createServerMetrics(db: Db, clock: () => Date = () => new Date()): ServerMetrics {
  const registry = createRegistry();
  const answered = requestMetrics(registry, 'hearken_http');
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
  const { refusals, refusedBy, deliveries, mailSent, mailFailed, mailGivenUp } = metricsFrom(registry, SERVER_METRICS, {
    async outboxWaiting() {
      const waiting = await outboxWaiting(db);
      this.reset();
      for (const kind of new Set([...OUTBOX_KINDS, ...waiting.keys()])) this.set({ kind }, waiting.get(kind) ?? 0);
    },
    async pending() {
      this.set((await read()).count);
    },
    async oldestPendingAge() {
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
    mail(result, kind) {
      if (result === 'sent') mailSent.inc({ kind });
      if (result === 'retried' || result === 'failed') mailFailed.inc({ kind });
      if (result === 'failed') mailGivenUp.inc({ kind });
    },
  };
}
