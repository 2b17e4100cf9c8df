import type { ResolvedOptions } from '../config/options.ts';
import { errorReply } from '../http/envelope.ts';
import type { Outcome } from '../http/exchange.ts';
import { createKeyBudget, type KeyWindow } from '../limits/key-budget.ts';
import { memoryLimiters, takePoint } from '../limits/rate-limit.ts';

/** Seconds to wait before the subject may write again; null when it may now. */
type Check = (subject: string) => Promise<number | null> | null;

/** The limits on one write, in the order the write path meets them; an option turned off never waits. */
export interface WriteLimits {
  /** Per client address (see `rateLimitSubject`). */
  perAddress: Check;
  /** Per verified identity, by its email. */
  perIdentity: Check;
  /** The address's share of the key's budget: taken last, by a write that will reach the service. */
  keyShare: Check;
  /** Records the key's window the service reported on a reply to a write. */
  learn(window: KeyWindow | null): void;
}

const NO_LIMIT: Check = () => null;

export function createWriteLimits(options: ResolvedOptions): WriteLimits {
  const limiters = options.limiters ?? memoryLimiters;
  const perIp = options.perIp ? limiters({ ...options.perIp, keyPrefix: 'hearken-proxy-ip' }) : null;
  const perIdentity = options.perIdentity
    ? limiters({ ...options.perIdentity, keyPrefix: 'hearken-proxy-identity' })
    : null;
  const keyBudget = options.keyBudgetReserve === null ? null : createKeyBudget(limiters, options.keyBudgetReserve);
  return {
    perAddress: perIp ? (subject) => takePoint(perIp, subject) : NO_LIMIT,
    perIdentity: perIdentity ? (email) => takePoint(perIdentity, `identity:${email.toLowerCase()}`) : NO_LIMIT,
    keyShare: keyBudget ? (subject) => keyBudget.take(subject) : NO_LIMIT,
    learn: keyBudget ? (window) => keyBudget.learn(window) : () => {},
  };
}

/** 429 with the seconds to wait in Retry-After; `reason` names the limit for the log. */
export function rateLimited(seconds: number, requestId: string, reason: string): Outcome {
  return {
    reply: errorReply('rate_limited', `Too many submissions; try again in ${seconds} s`, requestId, {
      headers: { 'retry-after': String(seconds) },
    }),
    reason,
  };
}
