import type { HoldReason } from './hold-reasons.ts';

/** What each option the caller leaves out becomes (the README's Options table). */
export const DEFAULTS = {
  maxBodyBytes: 64 * 1024,
  minFillMs: 1500,
  perIp: { points: 20, duration: 60 },
  perIdentity: { points: 10, duration: 60 },
  keyBudgetReserve: 0.1,
  portalMaxAgeSeconds: 60,
  timeout: 10_000,
  maxImageBytes: 2 * 1024 * 1024,
  /**
   * Holding suspected spam for review (`hold`): every check on; more than 5 feedback posts from
   * one address in 10 minutes; the same text again within an hour; more than 2 links. The fill
   * time's threshold is `minFillMs` above.
   */
  hold: {
    reasons: ['honeypot', 'fill_time', 'rate', 'duplicate', 'links'],
    rate: { points: 5, duration: 600 },
    duplicateSeconds: 3600,
    maxLinks: 2,
  },
} as const satisfies { hold: { reasons: readonly HoldReason[] } & Record<string, unknown> } & Record<string, unknown>;
