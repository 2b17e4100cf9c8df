/** Types of `load.mjs`. */

export declare const percentile: (sorted: readonly number[], p: number) => number;

/** A webhook event as the receiver got it: its body, parsed (null when it was not JSON). */
export type ReceivedEvent = { type: string; timestamp: string; data: Record<string, unknown> } | null;

export interface EventReceiver {
  /** Where the service posts, e.g. `http://127.0.0.1:PORT/hook`. */
  url: string;
  /** Each event received, by its webhook-id. */
  events: Map<string, ReceivedEvent>;
  /** Requests received, repeats included. */
  requests(): number;
  close(): Promise<void>;
}

export declare function startEventReceiver(): Promise<EventReceiver>;

export interface SubmitOptions {
  /** Base URLs of the key proxies, used in turn. */
  proxies: readonly string[];
  count: number;
  /** Submissions in flight at once. Default 16. */
  concurrency?: number;
  /** Names the run: Idempotency-Keys and titles are `${prefix}-${index}`. */
  prefix: string;
  /** The run's block of visitor addresses (0-255). Default: a random one. */
  block?: number;
  /** A submission still failing after this long is given up. Default 60 000 ms. */
  giveUpMs?: number;
  /** Told after each finished submission how many have finished. */
  onProgress?: (finished: number) => void;
}

export interface SubmitResult {
  elapsedMs: number;
  /** How often each status was answered (0: no answer), retries included. */
  statuses: Map<number, number>;
  /** Milliseconds of each successful attempt, ascending. */
  latencies: number[];
  /** Submissions given up, with their last status. */
  failed: { key: string; status: number }[];
  /** Attempts that were retries. */
  retries: number;
}

export declare function submitFeedback(options: SubmitOptions): Promise<SubmitResult>;

export declare function threadsByTitle(
  serverUrl: string,
  apiKey: string,
  prefix: string,
): Promise<Map<string, string[]>>;

export declare function subscribe(
  serverUrl: string,
  apiKey: string,
  receiverUrl: string,
  events: readonly string[],
): Promise<string>;
