import { type CreateThreadInput, FEEDBACK_OUTBOX_KEY } from '@hearken/core';
import { type KeyValueStorage, readJson, writeJson } from '@hearken/ui/dom';

/** A submission the user sent, kept until the service has it. Its `key` is its Idempotency-Key for life. */
export interface QueuedSubmission {
  key: string;
  /** Proxy URL it goes to; each widget only flushes its own proxy's entries. */
  proxy: string;
  input: CreateThreadInput;
  /** Honeypot value and time taken to fill the form; see the proxy's spam signals. */
  honeypot: string;
  fillMs: number;
  attempts: number;
  /** Not sent before this time (ms since epoch), e.g. after a 429. */
  notBefore: number;
  /** Why the last attempt left it waiting; a 429's wait (`rate_limited`) holds every entry of its proxy. */
  waitingFor?: RetryReason | undefined;
}

/** Why a submission waits: no network, a 429, a 5xx/timeout/409, or an expired identity token. */
export type RetryReason = 'offline' | 'rate_limited' | 'unavailable' | 'identity';

/** What one attempt to deliver a submission came to. */
export type SendOutcome =
  | { kind: 'sent'; threadId: string }
  /** Could not tell or not now (offline, timeout, 5xx, 409 in flight, 429): keep and try again later. */
  | { kind: 'retry'; reason: RetryReason; retryAfterMs?: number | undefined }
  /** The service refused it for good (validation, size): drop it and report. */
  | { kind: 'rejected'; error: unknown };

export type Sender = (submission: QueuedSubmission) => Promise<SendOutcome>;

export interface FlushResult {
  submission: QueuedSubmission;
  outcome: SendOutcome;
}

/** At most this many submissions wait; beyond it new ones are refused (the draft keeps the text). */
export const OUTBOX_LIMIT = 20;
const BACKOFF_MS = [2_000, 10_000, 30_000, 120_000, 300_000] as const;

// Keys being sent by any outbox in this page, so two widgets never send one submission at once.
const inFlight = new Set<string>();

/**
 * A bounded, persisted queue of submissions. Entries are written before the first attempt and
 * removed only once the service confirmed them (or refused them for good), so a closed tab, a
 * crash or a lost response never loses one; resending with the same Idempotency-Key makes the
 * service answer with the stored thread instead of creating a second one.
 */
export class Outbox {
  readonly #store: KeyValueStorage;
  readonly #now: () => number;

  constructor(store: KeyValueStorage, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  entries(proxy?: string): QueuedSubmission[] {
    const all = readJson<QueuedSubmission[]>(this.#store, FEEDBACK_OUTBOX_KEY);
    const list = Array.isArray(all) ? all : [];
    return proxy === undefined ? list : list.filter((entry) => entry.proxy === proxy);
  }

  /** Persists a new submission; returns false when the queue is full or storage refuses it. */
  add(submission: QueuedSubmission): boolean {
    const list = this.entries();
    if (list.some((entry) => entry.key === submission.key)) return true;
    if (list.length >= OUTBOX_LIMIT) return false;
    return writeJson(this.#store, FEEDBACK_OUTBOX_KEY, [...list, submission]);
  }

  #update(key: string, change: (entry: QueuedSubmission) => QueuedSubmission | null): void {
    // Re-read first: another tab may have changed the queue since we last looked.
    const next: QueuedSubmission[] = [];
    for (const entry of this.entries()) {
      const changed = entry.key === key ? change(entry) : entry;
      if (changed) next.push(changed);
    }
    writeJson(this.#store, FEEDBACK_OUTBOX_KEY, next);
  }

  /** Makes an entry wait out its proxy's 429 until `until` (ms since epoch), as if it had been refused too. */
  hold(key: string, until: number): void {
    this.#update(key, (entry) => ({ ...entry, notBefore: until, waitingFor: 'rate_limited' }));
  }

  /** Sends one entry now, whatever its `notBefore`, and records the outcome. */
  async send(submission: QueuedSubmission, sender: Sender): Promise<SendOutcome> {
    inFlight.add(submission.key);
    let outcome: SendOutcome;
    try {
      outcome = await sender(submission);
    } catch (error) {
      outcome = { kind: 'retry', reason: 'unavailable' };
      console.warn('[hearken] feedback send failed unexpectedly', error);
    } finally {
      inFlight.delete(submission.key);
    }
    if (outcome.kind === 'retry') {
      this.#update(submission.key, (entry) => {
        const attempts = entry.attempts + 1;
        const wait = outcome.retryAfterMs ?? BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)]!;
        return { ...entry, attempts, notBefore: this.#now() + wait, waitingFor: outcome.reason };
      });
    } else {
      this.#update(submission.key, () => null);
    }
    return outcome;
  }

  /**
   * Until when (ms since epoch) the proxy refused more for lack of budget: the latest end of a
   * 429's Retry-After among `proxy`'s entries, or 0 when no such wait runs. The budget is the
   * proxy's, not one entry's, so nothing of that proxy is sent before then.
   */
  heldUntil(proxy: string): number {
    const now = this.#now();
    let until = 0;
    for (const entry of this.entries(proxy)) {
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
    if (this.heldUntil(proxy) > 0) return results;
    for (const listed of this.entries(proxy)) {
      // An entry already on its way is left to that attempt.
      if (inFlight.has(listed.key)) continue;
      // Read again: a flush running beside this one (another widget, the online event, a timer)
      // may have sent it since the list was read, or rescheduled it.
      const submission = this.entries(proxy).find((entry) => entry.key === listed.key);
      if (!submission) continue;
      if (!options.force && submission.notBefore > this.#now()) continue;
      const outcome = await this.send(submission, sender);
      results.push({ submission, outcome });
      if (outcome.kind === 'retry' && (outcome.reason === 'offline' || outcome.reason === 'rate_limited')) break;
    }
    return results;
  }

  /** When the next entry of `proxy` falls due (ms since epoch), or null when none waits. */
  nextDue(proxy: string): number | null {
    const times = this.entries(proxy).map((entry) => entry.notBefore);
    return times.length > 0 ? Math.max(Math.min(...times), this.heldUntil(proxy)) : null;
  }
}
