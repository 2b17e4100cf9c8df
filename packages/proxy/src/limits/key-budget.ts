import { RATE_LIMIT_HEADERS } from '@hearken/core';
import type { Limiter, LimiterFactory } from './rate-limit.ts';

/** The key's write window as the service last reported it (X-RateLimit-Limit/Remaining/Reset). */
export interface KeyWindow {
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
}

/** What the service allows a key before it has said otherwise: 60 writes a minute. */
const ASSUMED_LIMIT = 60;
const ASSUMED_WINDOW_SECONDS = 60;
/** Counters outlive any window the service is likely to use; they are keyed by window anyway. */
const COUNTER_SECONDS = 600;
/** How many recorded windows an instance follows to find the current one (they chain within the counters' life). */
const MAX_HOPS = 20;

export interface KeyBudget {
  /**
   * Takes one write from the key's budget for `source`. Null when allowed, else the seconds
   * until the key's window reopens.
   */
  take(source: string): Promise<number | null>;
  /** Records the window the service reported on a reply to a write. */
  learn(window: KeyWindow | null): void;
}

/** Something with headers to read, as the service's reply has. */
interface HeaderSource {
  header(name: string): string | null;
}

function readCount(reply: HeaderSource, name: string): number | null {
  const value = reply.header(name);
  const number = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** Reads the service's rate-limit headers; null when any of them is missing or not a number. */
export function keyWindowOf(reply: HeaderSource): KeyWindow | null {
  const limit = readCount(reply, RATE_LIMIT_HEADERS.limit);
  const remaining = readCount(reply, RATE_LIMIT_HEADERS.remaining);
  const reset = readCount(reply, RATE_LIMIT_HEADERS.reset);
  return limit === null || remaining === null || reset === null ? null : { limit, remaining, reset };
}

/**
 * Shares one key's write budget fairly among the sources (client addresses) that spend it.
 *
 * The budget is the key's limit, learned from the service's headers, less `reserve` (a fraction
 * kept back for other users of the key and for requests in flight). A source may take a write
 * while what it has already taken in this window is below half of what the key has left (and
 * always its first one while anything is left). One source alone can so take about a third of
 * the budget, k sources together about k/(k+2) of it (a little more on a small budget, as counts
 * are whole: four take 8 of 10): a flood from a few addresses always leaves room for everyone
 * else, and a source new to the window gets through while any budget remains.
 *
 * Counters are keyed by the service's own window, so every proxy instance sharing the limiters'
 * store (Redis) counts the same window. A window is named before its reset is known: the first
 * by the minute it falls in, each later one after the reset of the one before. Each instance
 * records in the store the reset it learns for a window's name; an instance that does not know
 * the current window (it has had no reply yet, or its window is over) follows those records from
 * the name it would use, so it joins the window the others count and never inherits the count of
 * one that is over, however recently another instance started it.
 */
export function createKeyBudget(limiters: LimiterFactory, reserve: number, now: () => number = Date.now): KeyBudget {
  const counters: Limiter = limiters({
    points: Number.MAX_SAFE_INTEGER,
    duration: COUNTER_SECONDS,
    keyPrefix: 'hearken-proxy-key-budget',
  });
  let learned: KeyWindow | null = null;
  let learnedId = '';
  // The window the latest write was counted in: the next reply's window keeps its name, when new.
  let lastTakenId: string | null = null;

  /** The window now, when the learned one is over or there is none yet, and its reset if another instance recorded it. */
  async function unknownWindow(seconds: number): Promise<{ id: string; reset: number | null }> {
    let id = learned ? `after-${learned.reset}` : `minute-${Math.floor(seconds / ASSUMED_WINDOW_SECONDS)}`;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const reset = (await counters.get(`reset:${id}`))?.consumedPoints;
      if (!reset) break;
      if (reset > seconds) return { id, reset };
      id = `after-${reset}`;
    }
    return { id, reset: null };
  }

  async function current() {
    const seconds = now() / 1000;
    const limit = learned?.limit ?? ASSUMED_LIMIT;
    const budget = Math.max(1, limit - Math.ceil(limit * reserve));
    if (learned && learned.reset > seconds) {
      return {
        id: learnedId,
        budget,
        spent: learned.limit - learned.remaining,
        wait: Math.max(1, Math.ceil(learned.reset - seconds)),
      };
    }
    // The learned window is over (or none yet): a new one has begun, its count not known here.
    const { id, reset } = await unknownWindow(seconds);
    return { id, budget, spent: 0, wait: reset === null ? 1 : Math.max(1, Math.ceil(reset - seconds)) };
  }

  return {
    async take(source) {
      const window = await current();
      lastTakenId = window.id;
      const keyCounter = `key:${window.id}`;
      const sourceCounter = `source:${window.id}:${source}`;
      // Increment first, then judge on the values before this request: concurrent requests
      // (on any instance) each see a distinct count, so none slips through on a stale read.
      const [key, own] = await Promise.all([counters.consume(keyCounter), counters.consume(sourceCounter)]);
      const before = (result: unknown) => ((result as { consumedPoints?: number } | null)?.consumedPoints ?? 1) - 1;
      const left = window.budget - Math.max(before(key), window.spent);
      if (left >= 1 && before(own) < Math.max(1, left / 2)) return null;
      await Promise.all([counters.reward(keyCounter), counters.reward(sourceCounter)]);
      return window.wait;
    },
    learn(window) {
      if (window === null) return;
      // Replies arrive out of order: within one window the lowest remaining is the latest news.
      if (learned === null || window.reset > learned.reset) {
        // Named as the writes before it were counted, when counted since the learned window.
        const takenSince = lastTakenId !== null && (learned === null || lastTakenId !== learnedId);
        learnedId = takenSince
          ? (lastTakenId as string)
          : learned
            ? `after-${learned.reset}`
            : `minute-${Math.floor(now() / 1000 / ASSUMED_WINDOW_SECONDS)}`;
        learned = window;
        // Other instances follow this record to the current window; a store that is down only costs them that.
        counters.set(`reset:${learnedId}`, window.reset, COUNTER_SECONDS).catch(() => {});
      } else if (window.reset === learned.reset && window.remaining < learned.remaining) learned = window;
    },
  };
}
