import { type CreateThreadInput, newIdempotencyKey } from '@hearken/core';
import { emit, errorDetail } from '@hearken/ui';
import type { EmitFeedback } from '../events.ts';
import { Outbox, type QueuedSubmission, type Sender, type SendOutcome } from '../submit/outbox.ts';
import { createSender } from '../submit/send.ts';
import type { KeyValueStore } from '../submit/storage.ts';

// Typed here rather than imported from events.ts, so the form shares no module with the launcher.
const emitFeedback = emit as EmitFeedback;

/** What the form shows about its latest submission: a state before any answer, or the outcome of its last attempt. */
export type SubmissionStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'queue_full' } | SendOutcome;

export interface SubmissionOptions {
  host: HTMLElement;
  proxy: string;
  identityToken: string | undefined;
  fetch: typeof fetch | undefined;
  store: KeyValueStore;
  /** Called when a submission is confirmed, including ones queued on an earlier visit. */
  onSent: (submission: QueuedSubmission) => void;
}

function sameInput(a: CreateThreadInput, b: CreateThreadInput): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Submission through the offline queue: each submission is stored before it is sent and keeps
 * its Idempotency-Key until the service confirms it. Queued entries are sent again when the
 * browser comes back online, when their wait is over, and on the next page load.
 */
export class Submissions {
  /** What the form shows; `onChange` is called whenever it changes. */
  status: SubmissionStatus = { kind: 'idle' };
  #options: SubmissionOptions | null = null;
  #outbox: Outbox | null = null;
  #sender: Sender | null = null;
  #current: string | null = null;
  #announcedQueued = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #disposed = false;
  #online = () => void this.#flush(true);

  readonly #onChange: () => void;

  constructor(onChange: () => void) {
    this.#onChange = onChange;
    addEventListener('online', this.#online);
  }

  /** Takes the widget's current options; new ones rebuild the sender and send what waits. */
  configure(options: SubmissionOptions): void {
    const previous = this.#options;
    this.#options = options;
    if (
      previous?.store === options.store &&
      previous.proxy === options.proxy &&
      previous.identityToken === options.identityToken &&
      previous.fetch === options.fetch
    )
      return;
    if (previous?.store !== options.store) this.#outbox = new Outbox(options.store);
    this.#sender = createSender(options);
    void this.#flush();
  }

  /** Stops listening and waiting; what is queued stays stored for the next page load. */
  dispose(): void {
    this.#disposed = true;
    removeEventListener('online', this.#online);
    clearTimeout(this.#timer);
  }

  async submit(input: CreateThreadInput, spam: { honeypot: string; fillMs: number }): Promise<void> {
    const { proxy, host } = this.#options!;
    const outbox = this.#outbox!;
    // Sending the same content again while it waits reuses its key, so it cannot arrive twice.
    const waiting = outbox.entries(proxy).find((entry) => sameInput(entry.input, input));
    const submission: QueuedSubmission = waiting ?? {
      key: newIdempotencyKey(),
      proxy,
      input,
      honeypot: spam.honeypot,
      fillMs: spam.fillMs,
      attempts: 0,
      notBefore: 0,
    };
    if (!waiting && !outbox.add(submission)) {
      this.#show({ kind: 'queue_full' });
      return;
    }
    this.#current = submission.key;
    emitFeedback(host, 'hearken:submit', { idempotencyKey: submission.key });
    this.#show({ kind: 'sending' });
    this.#report(submission, await outbox.send(submission, this.#sender!));
    void this.#flush();
  }

  /** Back to an empty form after a confirmed submission. */
  reset(): void {
    this.#current = null;
    this.#show({ kind: 'idle' });
  }

  #show(status: SubmissionStatus): void {
    this.status = status;
    this.#onChange();
  }

  #report(submission: QueuedSubmission, outcome: SendOutcome): void {
    const { key } = submission;
    const { host, onSent } = this.#options!;
    if (key === this.#current) this.#show(outcome);
    if (outcome.kind === 'sent') {
      emitFeedback(host, 'hearken:success', { threadId: outcome.threadId, idempotencyKey: key });
      onSent(submission);
    } else if (outcome.kind === 'rejected') {
      emitFeedback(host, 'hearken:error', { ...errorDetail(outcome.error), idempotencyKey: key });
    } else if (!this.#announcedQueued.has(key)) {
      this.#announcedQueued.add(key);
      emitFeedback(host, 'hearken:queued', { idempotencyKey: key, reason: outcome.reason });
    }
  }

  async #flush(force = false): Promise<void> {
    const { proxy } = this.#options!;
    const outbox = this.#outbox!;
    clearTimeout(this.#timer);
    for (const { submission, outcome } of await outbox.flush(proxy, this.#sender!, { force })) {
      this.#report(submission, outcome);
    }
    // Outcomes still count after the widget is gone (a sent draft is forgotten); new waits do not.
    const due = this.#disposed ? null : outbox.nextDue(proxy);
    if (due !== null) this.#timer = setTimeout(() => void this.#flush(), Math.max(250, due - Date.now()));
  }
}
