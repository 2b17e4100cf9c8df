import type { OutboxStore } from './outbox-store.ts';
import type { QueuedSubmission, RetryReason } from './submission.ts';

export type { QueuedSubmission, RetryReason };

/** What one attempt to deliver a submission came to. */
export type SendOutcome =
  /** Stored; `imageError` when the thread was, but the service refused its attachments (the screenshot) for good. */
  | { kind: 'sent'; threadId: string; receipt?: string | undefined; imageError?: unknown }
  /** Could not tell or not now (offline, timeout, 5xx, 409 in flight, 429): keep and try again later. */
  | { kind: 'retry'; reason: RetryReason; retryAfterMs?: number | undefined }
  /** The service refused it for good (validation, size): drop it and report. */
  | { kind: 'rejected'; error: unknown };

/**
 * Delivers one submission; `progress` stores what a step achieved (the thread, before its
 * message is sent), so a later attempt resumes after it.
 */
export type Sender = (
  submission: QueuedSubmission,
  progress: (patch: Partial<QueuedSubmission>) => Promise<void>,
) => Promise<SendOutcome>;

export interface FlushResult {
  submission: QueuedSubmission;
  outcome: SendOutcome;
}

/** At most this many submissions wait; beyond it new ones are refused (the draft keeps the text). */
export const OUTBOX_LIMIT = 20;
const BACKOFF_MS = [2_000, 10_000, 30_000, 120_000, 300_000] as const;

// Keys being sent by any outbox in this page, so two widgets never send one submission at once.
const inFlight = new Set<string>();

type Locks = {
  request<T>(name: string, options: { ifAvailable: boolean }, run: (lock: unknown) => Promise<T>): Promise<T>;
};

/**
 * Runs `send` holding the entry's Web Lock where the browser has them, so two tabs never send one
 * submission at once; null when another tab holds it. Without Web Locks the Idempotency-Keys
 * still make a second send a replay.
 */
async function claimed<T>(key: string, send: () => Promise<T>): Promise<T | null> {
  const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
  if (!locks) return send();
  return locks.request(`hearken-feedback:${key}`, { ifAvailable: true }, async (lock) => (lock ? send() : null));
}

/**
 * A bounded, persisted queue of submissions. Entries are written before the first attempt and
 * removed only once the service confirmed them (or refused them for good), so a closed tab, a
 * crash or a lost response never loses one; resending with the same Idempotency-Key makes the
 * service answer with the stored thread (or message) instead of creating a second one.
 */
export class Outbox {
  readonly #store: OutboxStore;
  readonly #now: () => number;

  constructor(store: OutboxStore, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  async entries(proxy?: string): Promise<QueuedSubmission[]> {
    const list = await this.#store.list();
    return proxy === undefined ? list : list.filter((entry) => entry.proxy === proxy);
  }

  /**
   * Persists a new submission; returns false when the queue is full or storage refuses it. With
   * `reserve` it is the adder's to send (a flush leaves it alone) until {@link send} or {@link release}.
   */
  async add(submission: QueuedSubmission, reserve = false): Promise<boolean> {
    if (reserve) inFlight.add(submission.key);
    const added = await this.#store.add({ ...submission, queuedAt: submission.queuedAt ?? this.#now() }, OUTBOX_LIMIT);
    if (!added && reserve) inFlight.delete(submission.key);
    return added;
  }

  /** Leaves an added submission to the next flush. */
  release(key: string): void {
    inFlight.delete(key);
  }

  /** Makes an entry wait out its proxy's 429 until `until` (ms since epoch), as if it had been refused too. */
  hold(key: string, until: number): Promise<void> {
    return this.#store.change(key, (entry) => ({ ...entry, notBefore: until, waitingFor: 'rate_limited' }));
  }

  /** Sends one entry now, whatever its `notBefore`, and records the outcome. */
  async send(submission: QueuedSubmission, sender: Sender): Promise<SendOutcome> {
    return (await this.#attempt(submission, sender)) ?? { kind: 'retry', reason: 'unavailable' };
  }

  /** One attempt, or null when another tab is sending the entry. */
  async #attempt(submission: QueuedSubmission, sender: Sender): Promise<SendOutcome | null> {
    inFlight.add(submission.key);
    // In flight until its outcome is stored: a flush beside this one must not find it still
    // listed, unclaimed, and send it again.
    try {
      let outcome: SendOutcome | null;
      try {
        outcome = await claimed(submission.key, async () => {
          // Read again under the claim: another tab may have sent a step (or all) meanwhile.
          const current = (await this.entries()).find((entry) => entry.key === submission.key);
          if (!current) return null;
          return sender(current, (patch) => this.#store.change(submission.key, (entry) => ({ ...entry, ...patch })));
        });
      } catch (error) {
        outcome = { kind: 'retry', reason: 'unavailable' };
        console.warn('[hearken] feedback send failed unexpectedly', error);
      }
      if (outcome === null) return null;
      if (outcome.kind === 'retry') {
        const { reason, retryAfterMs } = outcome;
        await this.#store.change(submission.key, (entry) => {
          const attempts = entry.attempts + 1;
          const wait = retryAfterMs ?? BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
          return { ...entry, attempts, notBefore: this.#now() + wait, waitingFor: reason };
        });
      } else {
        await this.#store.remove(submission.key);
      }
      return outcome;
    } finally {
      inFlight.delete(submission.key);
    }
  }

  /**
   * Until when (ms since epoch) the proxy refused more for lack of budget: the latest end of a
   * 429's Retry-After among `proxy`'s entries, or 0 when no such wait runs. The budget is the
   * proxy's, not one entry's, so nothing of that proxy is sent before then.
   */
  async heldUntil(proxy: string): Promise<number> {
    return this.#heldUntil(await this.entries(proxy));
  }

  #heldUntil(entries: QueuedSubmission[]): number {
    const now = this.#now();
    let until = 0;
    for (const entry of entries) {
      if (entry.waitingFor === 'rate_limited' && entry.notBefore > now) until = Math.max(until, entry.notBefore);
    }
    return until;
  }

  /**
   * Sends every due entry of `proxy`, oldest first. With `force`, backoffs are ignored, as when
   * the browser comes back online; a 429's Retry-After never is. Stops early when the network is
   * down or the proxy refuses for lack of budget.
   */
  async flush(proxy: string, sender: Sender, options: { force?: boolean } = {}): Promise<FlushResult[]> {
    const results: FlushResult[] = [];
    if ((await this.heldUntil(proxy)) > 0) return results;
    for (const listed of await this.entries(proxy)) {
      // An entry already on its way is left to that attempt.
      if (inFlight.has(listed.key)) continue;
      // Read again: a flush running beside this one (another widget, the online event, a timer)
      // may have sent it since the list was read, or rescheduled it.
      const submission = (await this.entries(proxy)).find((entry) => entry.key === listed.key);
      if (!submission || inFlight.has(submission.key)) continue;
      if (!options.force && submission.notBefore > this.#now()) continue;
      const outcome = await this.#attempt(submission, sender);
      if (!outcome) continue;
      results.push({ submission, outcome });
      if (outcome.kind === 'retry' && (outcome.reason === 'offline' || outcome.reason === 'rate_limited')) break;
    }
    return results;
  }

  /** When the next entry of `proxy` falls due (ms since epoch), or null when none waits. */
  async nextDue(proxy: string): Promise<number | null> {
    const entries = await this.entries(proxy);
    const times = entries.map((entry) => entry.notBefore);
    return times.length > 0 ? Math.max(Math.min(...times), this.#heldUntil(entries)) : null;
  }
}
