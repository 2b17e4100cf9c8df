// The rate-limit headers as numbers, read by the transport, the pacer and the 429 error alike.

/** A header's number, or undefined when it is absent, blank or not a finite number. */
export function toNumber(value: string | null): number | undefined {
  if (!value?.trim()) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Milliseconds from a Retry-After header (seconds or an HTTP date), if it has a usable value. */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = toNumber(value);
  if (seconds !== undefined) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Milliseconds until X-RateLimit-Reset (epoch seconds), if it has a usable value. */
export function untilReset(headers: Headers): number | undefined {
  const reset = toNumber(headers.get('x-ratelimit-reset'));
  return reset === undefined ? undefined : Math.max(0, reset * 1000 - Date.now());
}

/** How long a 429 asks to wait: its Retry-After, else until X-RateLimit-Reset. */
export const rateLimitWait = (headers: Headers): number | undefined => retryAfterMs(headers) ?? untilReset(headers);
