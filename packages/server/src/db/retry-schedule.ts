/** When failed attempts are retried: exponential backoff with jitter, given up after `maxAttempts`. */
export interface RetrySchedule {
  /** Wait after the first failed attempt. Default 5 s. */
  baseDelayMs: number;
  /** Each later wait is this many times the one before. Default 4. */
  factor: number;
  /** Longest wait. Default 6 h. */
  maxDelayMs: number;
  /** Attempts in all, the first included. Default 11: retries span about 26 hours. */
  maxAttempts: number;
  /** Each wait is moved by up to this fraction either way, so failed receivers are not hit in step. Default 0.2. */
  jitter: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  baseDelayMs: 5_000,
  factor: 4,
  maxDelayMs: 6 * 60 * 60 * 1000,
  maxAttempts: 11,
  jitter: 0.2,
};

/** Wait before the next attempt after `attempts` failed ones, or undefined when they are used up. */
export function retryDelay(schedule: RetrySchedule, attempts: number, random = Math.random): number | undefined {
  if (attempts >= schedule.maxAttempts) return undefined;
  const plain = Math.min(schedule.baseDelayMs * schedule.factor ** (attempts - 1), schedule.maxDelayMs);
  return Math.round(plain * (1 + schedule.jitter * (2 * random() - 1)));
}
