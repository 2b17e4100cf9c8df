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
} as const;
