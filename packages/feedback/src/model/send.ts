import { createThread, createV2Connection, FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
import type { QueuedSubmission, RetryReason, Sender, SendOutcome } from './outbox.ts';

export interface SenderOptions {
  proxy: string;
  identityToken?: string | undefined;
  fetch?: typeof fetch | undefined;
}

// Failures whose outcome is unknown or temporary, by the core client's error name.
const RETRY: Record<string, RetryReason> = {
  NetworkError: 'offline',
  TimeoutError: 'unavailable',
  IdempotencyConflictError: 'unavailable',
  RateLimitedError: 'rate_limited',
  UnauthenticatedError: 'identity',
};

/**
 * Sorts a failure into what the queue should do: keep it for later when the outcome is unknown
 * or temporary (offline, timeout, 5xx, 409 in flight, 429, an expired identity), drop it when
 * the service refused its content.
 */
function classify(error: unknown): SendOutcome {
  const { name, status, retryAfterMs } = (error ?? {}) as { name?: string; status?: number; retryAfterMs?: number };
  const reason = (name && RETRY[name]) || ((status ?? 0) >= 500 ? 'unavailable' : undefined);
  if (!reason) return { kind: 'rejected', error };
  // Only a rate limit's Retry-After sets the wait; other failures back off.
  return { kind: 'retry', reason, retryAfterMs: reason === 'rate_limited' ? retryAfterMs : undefined };
}

/**
 * Sends queued submissions through the key proxy with core's `createThread` over a v2 connection
 * (no key: the proxy holds it; the same paths as the service).
 */
export function createSender(options: SenderOptions): Sender {
  const connection = createV2Connection({
    baseUrl: options.proxy,
    headers: options.identityToken ? { Authorization: `Bearer ${options.identityToken}` } : {},
    // The queue owns retries and waits (a 429's Retry-After included), so one attempt per send.
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return async (submission: QueuedSubmission) => {
    try {
      const thread = await createThread(connection, submission.input, {
        idempotencyKey: submission.key,
        headers: { [HONEYPOT_HEADER]: submission.honeypot, [FILL_TIME_HEADER]: String(submission.fillMs) },
      });
      return { kind: 'sent', threadId: thread.id };
    } catch (error) {
      return classify(error);
    }
  };
}
