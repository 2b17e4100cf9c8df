import { createThreadWithTicket, createV2Connection, FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
import { lazyModule } from '@hearken/ui/dom';
import type { QueuedSubmission, RetryReason, Sender, SendOutcome } from './outbox.ts';

/** The message step, loaded with the first attachment to send. */
const loadMessageStep = lazyModule(() => import('./send-message.ts'));

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
 * Sends queued submissions through the key proxy over a v2 connection (no key: the proxy holds
 * it; the same paths as the service): the thread with core's `createThreadWithTicket`, then, for
 * a submission with attachments, one message on that thread holding them (`createMessage` with
 * the proxy's ticket). Each step has its own Idempotency-Key and the
 * thread is stored in the entry before the message goes, so a later attempt resumes there.
 */
export function createSender(options: SenderOptions): Sender {
  const connection = createV2Connection({
    baseUrl: options.proxy,
    headers: options.identityToken ? { Authorization: `Bearer ${options.identityToken}` } : {},
    // The queue owns retries and waits (a 429's Retry-After included), so one attempt per send.
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return async (submission: QueuedSubmission, progress) => {
    let thread = submission.thread;
    try {
      if (!thread) {
        const created = await createThreadWithTicket(connection, submission.input, {
          idempotencyKey: submission.key,
          headers: { [HONEYPOT_HEADER]: submission.honeypot, [FILL_TIME_HEADER]: String(submission.fillMs) },
        });
        thread = { id: created.thread.id, ticket: created.ticket, receipt: created.receipt };
        if (submission.attachments?.length) await progress({ thread });
      }
      if (!submission.attachments?.length) return { kind: 'sent', threadId: thread.id, receipt: thread.receipt };
      // Not loaded (offline since the page loaded): the files wait like a message that could not go.
      const step = await loadMessageStep().catch(() => null);
      if (!step) return { kind: 'retry', reason: 'offline' };
      await step.sendAttachmentMessage(connection, submission, thread);
      return { kind: 'sent', threadId: thread.id, receipt: thread.receipt };
    } catch (error) {
      const outcome = classify(error);
      // The thread is stored: refused attachments leave it so, and the user hears which part failed.
      return thread && outcome.kind === 'rejected'
        ? { kind: 'sent', threadId: thread.id, receipt: thread.receipt, imageError: error }
        : outcome;
    }
  };
}
