import { type Hooks, isHTTPError } from 'ky';
import { RateLimitedError } from '../contract/errors.ts';
import { createPacer, type MethodClass } from './pacer.ts';
import { rateLimitWait } from './rate-headers.ts';
import { sleep } from './sleep.ts';

/** Rate limits are counted per method class: reads (GET) and writes (everything else). */
export const methodClass = (method: string): MethodClass => (method === 'GET' ? 'read' : 'write');

/**
 * The ky hooks that share one client's view of the rate limits between all its callers: a request
 * waits while its class has no calls left (`beforeRequest`), every answer updates the count and a
 * 429 holds the whole class for its wait (`afterResponse`), and the retry of a 429 waits a random
 * 0..jitterMs more than ky's server-given wait, so callers sharing a key do not all return at once
 * (`beforeRetry`).
 */
export function createRateLimitHooks({ jitterMs, maxRetryAfterMs }: { jitterMs: number; maxRetryAfterMs: number }) {
  const pacer = createPacer({ jitterMs, maxRetryAfterMs });
  return {
    beforeRequest: [
      async (request, options) => {
        const kind = methodClass(request.method);
        // A 429 asked for longer than the client waits: later calls fail at once as that one did,
        // instead of sleeping maxRetryAfterMs and then being refused anyway.
        const held = pacer.heldFor(kind);
        if (held > maxRetryAfterMs) {
          throw new RateLimitedError(
            {
              status: 429,
              code: 'rate_limited',
              message: `Rate limited for ${Math.ceil(held / 1000)} s more; not sent`,
              requestId: undefined,
              body: undefined,
              method: request.method,
              url: request.url,
            },
            { retryAfterMs: held, limit: undefined, remaining: 0, reset: undefined },
          );
        }
        await pacer.acquire(kind, options.signal ?? undefined);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        const kind = methodClass(request.method);
        pacer.update(kind, response.headers);
        if (response.status === 429) pacer.block(kind, rateLimitWait(response.headers) ?? 0);
      },
    ],
    beforeRetry: [
      async ({ request, error }) => {
        const jitter = Math.random() * jitterMs;
        if (isHTTPError(error) && error.response.status === 429 && jitter > 0) await sleep(jitter, request.signal);
      },
    ],
  } satisfies Hooks;
}
