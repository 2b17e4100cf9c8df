import { toNumber } from './rate-headers.ts';
import { sleep } from './sleep.ts';

/** Rate limits are counted per method class: reads (GET) and writes (everything else). */
export type MethodClass = 'read' | 'write';

interface RateWindow {
  /** Calls left in the window, counting our own calls still in flight; undefined when unknown. */
  remaining?: number | undefined;
  /** Epoch ms when the window resets (or a 429's Retry-After ends). */
  resetAt: number;
  /** Epoch ms when a 429's hold ends; answers to calls sent before it do not lift it. */
  blockedUntil?: number;
}

export interface Pacer {
  /** Waits, if the class has no calls left, until its window resets (plus jitter), then takes a call. */
  acquire(methodClass: MethodClass, signal: AbortSignal | undefined): Promise<void>;
  /** Reads X-RateLimit-Remaining / X-RateLimit-Reset from a response. */
  update(methodClass: MethodClass, headers: Headers): void;
  /** After a 429: no call of the class until `retryAfterMs` from now. */
  block(methodClass: MethodClass, retryAfterMs: number): void;
  /** How long (ms) a 429's hold on the class still runs; 0 when none does. */
  heldFor(methodClass: MethodClass): number;
}

export interface PacerOptions {
  /** Upper bound of the random delay added to every wait, spreading callers that share a key. */
  jitterMs: number;
  /** Longest single wait; guards against a skewed clock turning Reset into a very long pause. */
  maxRetryAfterMs: number;
}

/** One pacer per client, so every concurrent caller of that client shares the same view of the limits. */
export function createPacer({ jitterMs, maxRetryAfterMs: maxWaitMs }: PacerOptions): Pacer {
  const windows: Record<MethodClass, RateWindow> = {
    read: { resetAt: 0 },
    write: { resetAt: 0 },
  };
  return {
    async acquire(methodClass, signal) {
      const window = windows[methodClass];
      for (;;) {
        const now = Date.now();
        if (now >= window.resetAt) window.remaining = undefined;
        if (window.remaining === undefined || window.remaining > 0) {
          if (window.remaining !== undefined) window.remaining--;
          return;
        }
        const wait = Math.min(window.resetAt - now, maxWaitMs);
        await sleep(wait + Math.random() * jitterMs, signal);
        // A clamped wait lets the call go; the server answers 429 with Retry-After if it must.
        if (wait === maxWaitMs) return;
      }
    },
    update(methodClass, headers) {
      const remaining = toNumber(headers.get('x-ratelimit-remaining'));
      const reset = toNumber(headers.get('x-ratelimit-reset'));
      const window = windows[methodClass];
      if (remaining === undefined || reset === undefined || Date.now() < (window.blockedUntil ?? 0)) return;
      const resetAt = reset * 1000;
      // In the same window our own in-flight calls may not be counted yet, so keep the lower figure.
      window.remaining =
        resetAt === window.resetAt && window.remaining !== undefined
          ? Math.min(window.remaining, remaining)
          : remaining;
      window.resetAt = resetAt;
    },
    block(methodClass, retryAfterMs) {
      // In place: callers already waiting hold this window object and must see the block.
      const window = windows[methodClass];
      window.remaining = 0;
      window.resetAt = window.blockedUntil = Date.now() + retryAfterMs;
    },
    heldFor(methodClass) {
      return Math.max(0, (windows[methodClass].blockedUntil ?? 0) - Date.now());
    },
  };
}
