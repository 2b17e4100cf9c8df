import { signWebhook, WEBHOOK_HEADERS } from '@hearken/core';
import { startClaimLoop } from '../db/claim-loop.ts';
import { type QueueWorkerOptions, queueWorkerSettings, retentionPruner } from '../db/queue-worker.ts';
import { retryDelay } from '../db/retry-schedule.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  releaseClaims,
  settleAttempt,
} from './delivery-queue.ts';
import { pruneWebhookEvents } from './retention.ts';
import { postWebhook, type SendResult, webhookAgents } from './send.ts';

/** Days a finished webhook event is kept, unless the worker is told otherwise. */
export const DEFAULT_WEBHOOK_RETENTION_DAYS = 30;

export interface DeliveryWorkerOptions extends QueueWorkerOptions {
  /** Development only: deliver to http and loopback receivers. Default false. */
  allowLoopback?: boolean;
  /** Limit of one attempt, connection to answer. Default 10 000 ms. */
  timeoutMs?: number;
  /** Attempts in flight at once. Default 8. */
  concurrency?: number;
  /** Bytes of a receiver's answer read at most. Default 1024. */
  maxResponseBytes?: number;
  /**
   * Days an event is kept once every delivery of it is finished (delivered, failed, or waiting on
   * a turned-off endpoint); older ones are deleted with their deliveries. Default
   * `DEFAULT_WEBHOOK_RETENTION_DAYS` (30).
   */
  retentionDays?: number;
  /** Told the outcome of each attempt once it is recorded (for metrics). Default: none. */
  onAttempt?: (outcome: AttemptOutcome['kind']) => void;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now rather than at the next poll (e.g. after a commit). */
  wake(): void;
  /**
   * Stops claiming and waits for the attempts in flight to be recorded. With `graceMs`, attempts
   * still in flight after it are abandoned and their claims released, so another worker sends
   * them at once rather than when their lease runs out.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Sends the webhook outbox: claims due deliveries, signs and posts each, and records the outcome
 * (2xx delivered; 410 turns the endpoint off; anything else is retried on the schedule). Any
 * number of workers, in any number of processes, may share one database. Between claims it
 * prunes events past their retention, so the outbox does not grow for good.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    db,
    allowLoopback = false,
    timeoutMs = 10_000,
    concurrency = 8,
    maxResponseBytes = 1024,
    onAttempt,
  } = options;
  const settings = queueWorkerSettings(options, {
    retentionDays: DEFAULT_WEBHOOK_RETENTION_DAYS,
    label: 'webhook delivery worker',
  });
  const { pollIntervalMs, clock, schedule, onError } = settings;
  // Errors after a stop are the stop's own.
  const prune = retentionPruner(
    settings,
    (before) => pruneWebhookEvents(db.orm, before),
    (error) => {
      if (!loop.stopped) onError(error);
    },
  );
  // Past the attempt's own timeout, so a live attempt is never claimed twice.
  const leaseMs = timeoutMs + 30_000;
  const agents = webhookAgents();
  // The claims of the attempts in flight, and whether they were handed back at a stop.
  const claims = new Set<ClaimedDelivery>();
  let released = false;

  async function attempt(claimed: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(clock().getTime() / 1000);
    const headers = {
      [WEBHOOK_HEADERS.id]: claimed.eventId,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: await signWebhook(claimed.secrets, claimed.eventId, timestamp, claimed.body),
    };
    const result: SendResult = await postWebhook(claimed.url, headers, claimed.body, {
      timeoutMs,
      allowLoopback,
      maxResponseBytes,
      agents,
    });
    // Released at a stop: another worker owns the delivery now.
    if (released) return;
    const status = 'status' in result ? result.status : null;
    let outcome: AttemptOutcome;
    if (status !== null && status >= 200 && status < 300) outcome = { kind: 'delivered', status };
    else if (status === 410) outcome = { kind: 'gone', status };
    else {
      const delay = retryDelay(schedule, claimed.attempts);
      outcome = {
        kind: 'failed',
        status,
        error: 'error' in result ? result.error : null,
        retryAt: delay === undefined ? undefined : new Date(clock().getTime() + delay),
      };
    }
    await settleAttempt(db.orm, claimed, outcome);
    onAttempt?.(outcome.kind);
  }

  const loop = startClaimLoop({
    concurrency,
    pollIntervalMs,
    claim: (limit) => claimDueDeliveries(db.orm, { limit, now: clock(), leaseMs }),
    async handle(delivery) {
      claims.add(delivery);
      try {
        await attempt(delivery);
      } finally {
        claims.delete(delivery);
      }
    },
    onError,
    eachRound: prune,
  });
  return {
    wake: loop.wake,
    async stop(stopOptions = {}) {
      await loop.stop();
      const settled = Promise.all(loop.inFlight).then(() => true);
      const { graceMs } = stopOptions;
      const inTime =
        graceMs === undefined
          ? await settled
          : await Promise.race([settled, new Promise<false>((resolve) => setTimeout(resolve, graceMs, false))]);
      if (!inTime && claims.size > 0) {
        released = true;
        await releaseClaims(db.orm, [...claims], clock()).catch(onError);
      }
      agents.destroy();
    },
  };
}
