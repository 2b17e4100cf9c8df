import { type CreateThreadInput, newIdempotencyKey } from '@hearken/core';
import type { KeyValueStorage } from '@hearken/ui/dom';
import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import { Outbox, type QueuedSubmission, type SendOutcome } from './outbox.ts';
import { resolveOutboxStore } from './outbox-store.ts';
import { createSender } from './send.ts';
import type { Attachment } from './submission.ts';

/** Where submissions go and how they are stored: the options the delivery reads. */
export interface DeliveryTarget {
  proxy: string;
  identityToken?: string | undefined;
  fetch?: typeof fetch | undefined;
  storage?: KeyValueStorage | null | undefined;
}

/** One submission to queue: the thread, its files, and the spam signals that go with it. */
export interface Parcel {
  input: CreateThreadInput;
  attachments: readonly Attachment[];
  honeypot: string;
  fillMs: number;
}

/** What queuing a parcel came to: refused by a full queue, or queued (`fresh` unless it already waited). */
export type Queued = { kind: 'queue_full' } | { kind: 'queued'; submission: QueuedSubmission; fresh: boolean };

/**
 * The outbox and its sender: knows submissions and attachments, not what they came from. It sends
 * what an earlier visit left queued at once (whatever its backoff), again when the browser comes back online (where there
 * is a `window`) and when each wait ends.
 */
export interface Delivery {
  /** This proxy's submissions still waiting to be sent, oldest first (earlier visits' included). */
  readonly queue: ReadonlySignal<readonly QueuedSubmission[]>;
  /** Stores `parcel` in the queue, or finds the same thread waiting there (then its key is kept). */
  add(parcel: Parcel): Promise<Queued>;
  /** Sends a submission {@link add} queued now, unless a 429's Retry-After holds its proxy. */
  send(queued: { submission: QueuedSubmission; fresh: boolean }): Promise<SendOutcome>;
  /** Sends what waits; `force` skips backoffs (not a 429's Retry-After, which holds the proxy's budget). */
  flush(force?: boolean): Promise<void>;
  /** Stops listening and waiting; outcomes still arriving are reported. */
  dispose(): void;
}

/** Shortest wait before a timed resend, so a clock skew cannot spin. */
const MIN_WAIT_MS = 250;

function sameInput(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A delivery to `target`'s proxy; `report` hears each attempt's outcome. */
export function createDelivery(
  target: ReadonlySignal<DeliveryTarget>,
  report: (submission: QueuedSubmission, outcome: SendOutcome) => void,
): Delivery {
  const proxy = computed(() => target.value.proxy);
  const storage = computed(() => target.value.storage);
  const identityToken = computed(() => target.value.identityToken);
  const fetcher = computed(() => target.value.fetch);
  const outbox = computed(() => new Outbox(resolveOutboxStore(storage.value)));
  const sender = computed(() =>
    createSender({ proxy: proxy.value, identityToken: identityToken.value, fetch: fetcher.value }),
  );
  const queue = signal<readonly QueuedSubmission[]>([]);
  let reads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  // Reads may overlap (a flush beside a submit): only the latest one started is shown.
  async function refreshQueue(): Promise<void> {
    const read = ++reads;
    const entries = await outbox.peek().entries(proxy.peek());
    if (read === reads) queue.value = entries;
  }

  // One flush at a time: one asked for while another runs (a retry beside the page's first one)
  // follows it, so it ends with what it sent known, not skipped as in flight.
  let flushing: Promise<void> = Promise.resolve();
  function flush(force = false): Promise<void> {
    const run = flushing.then(() => flushOnce(force));
    // A failed flush is its caller's to hear; the next one still runs.
    flushing = run.catch(() => undefined);
    return run;
  }

  async function flushOnce(force: boolean): Promise<void> {
    const box = outbox.peek();
    const to = proxy.peek();
    clearTimeout(timer);
    for (const { submission, outcome } of await box.flush(to, sender.peek(), { force })) {
      report(submission, outcome);
    }
    await refreshQueue();
    // Outcomes still count after disposal (a sent draft is forgotten); new waits do not.
    const due = disposed ? null : await box.nextDue(to);
    clearTimeout(timer);
    if (due !== null) timer = setTimeout(() => void flush(), Math.max(MIN_WAIT_MS, due - Date.now()));
  }

  const online = () => void flush(true);
  globalThis.addEventListener?.('online', online);
  // A new proxy or storage: that queue sent.
  const stop = effect(() => {
    void outbox.value;
    void sender.value;
    untracked(() => {
      void refreshQueue();
      // A new page is a new chance: what waits goes now, not when an earlier visit's backoff ends.
      void flush(true);
    });
  });

  return {
    queue,
    async add({ input, attachments, honeypot, fillMs }) {
      const box = outbox.peek();
      const to = proxy.peek();
      // Sending the same content again while it waits reuses its key, so it cannot arrive twice.
      const waiting = (await box.entries(to)).find((entry) => sameInput(entry.input, input));
      const submission: QueuedSubmission = waiting ?? {
        key: newIdempotencyKey(),
        proxy: to,
        input,
        honeypot,
        fillMs,
        attempts: 0,
        notBefore: 0,
        ...(attachments.length ? { attachments, messageKey: newIdempotencyKey() } : {}),
      };
      if (!waiting && !(await box.add(submission, true))) return { kind: 'queue_full' };
      await refreshQueue();
      return { kind: 'queued', submission, fresh: !waiting };
    },
    async send({ submission, fresh }) {
      const box = outbox.peek();
      // The proxy refused for lack of budget: nothing of it goes out before its Retry-After ends.
      const heldUntil = await box.heldUntil(proxy.peek());
      let outcome: SendOutcome;
      if (heldUntil > 0) {
        outcome = { kind: 'retry', reason: 'rate_limited', retryAfterMs: heldUntil - Date.now() };
        if (fresh) {
          await box.hold(submission.key, heldUntil);
          box.release(submission.key);
        }
      } else {
        outcome = await box.send(submission, sender.peek());
        await refreshQueue();
      }
      report(submission, outcome);
      void flush();
      return outcome;
    },
    flush,
    dispose() {
      disposed = true;
      stop();
      globalThis.removeEventListener?.('online', online);
      clearTimeout(timer);
    },
  };
}
