import { createFakeFetch, json, sequence, v2Error } from '@hearken/test-support';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError, isRateLimitedError, isTimeoutError } from '../contract/errors.ts';
import type { Method } from './exchange.ts';
import { createTransport } from './http.ts';
import type { TransportOptions } from './options.ts';

const baseUrl = 'https://api.example.com';
const ok = () => json(200, { ok: true });
const transport = (fetch: typeof globalThis.fetch, options: Partial<TransportOptions> = {}) =>
  createTransport({ baseUrl, fetch, ...options });
const resetIn = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);

/** Settles a promise while fake time runs, so the test never waits for real. */
async function settle<T>(promise: Promise<T>, ms = 120_000): Promise<T> {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  const outcome = await result;
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('sends method, path, query, JSON body and merged headers', async () => {
    const server = createFakeFetch(ok);
    const send = transport(server.fetch, { headers: { 'x-client': 'a' } });
    const response = await send(
      {
        method: 'POST',
        path: '/api/v2/x',
        query: { a: 1, b: undefined, c: true },
        body: { k: 'v' },
        headers: { 'x-req': 'b' },
      },
      { headers: { 'x-call': 'c' } },
    );
    expect(response.body).toEqual({ ok: true });
    const [call] = server.calls;
    expect(call?.url.href).toBe(`${baseUrl}/api/v2/x?a=1&c=true`);
    expect(call?.body).toEqual({ k: 'v' });
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect([call?.headers.get('x-client'), call?.headers.get('x-req'), call?.headers.get('x-call')]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('turns a fetch failure into NetworkError after the retries', async () => {
    const server = createFakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const error = await settle(transport(server.fetch)({ method: 'GET', path: '/x' })).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(server.calls).toHaveLength(3);
  });
});

describe('retries', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries a GET after %i and then succeeds', async (status) => {
    const server = createFakeFetch(sequence(() => json(status, {}), ok));
    const response = await settle(transport(server.fetch)({ method: 'GET', path: '/x' }));
    expect(response.status).toBe(200);
    expect(server.calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 410, 422])('never retries %i', async (status) => {
    const server = createFakeFetch(() => json(status, {}));
    const error = await settle(transport(server.fetch)({ method: 'GET', path: '/x' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status });
    expect(server.calls).toHaveLength(1);
  });

  it.each<Method>(['GET', 'PATCH', 'DELETE'])('retries %s up to the limit', async (method) => {
    const server = createFakeFetch(() => json(503, {}));
    const error = await settle(transport(server.fetch, { retry: 3 })({ method, path: '/x' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(server.calls).toHaveLength(4);
  });

  it.each<Method>(['POST', 'PATCH'])(
    'retries a %s only when it carries an Idempotency-Key, keeping that key',
    async (method) => {
      const server = createFakeFetch(() => json(503, {}));
      const send = transport(server.fetch);
      await settle(send({ method, path: '/x', body: {} }, { idempotencyKey: false })).catch(() => undefined);
      expect(server.calls).toHaveLength(1);
      expect(server.calls[0]?.headers.has('idempotency-key')).toBe(false);
      await settle(send({ method, path: '/x', body: {} }, { idempotencyKey: 'k1' })).catch(() => undefined);
      expect(server.calls.slice(1).map((call) => call.headers.get('idempotency-key'))).toEqual(['k1', 'k1', 'k1']);
    },
  );

  it('gives every write a new Idempotency-Key by default, kept across its retries', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(503, {}),
        ok,
        () => json(502, {}),
        ok,
        ok,
        ok,
      ),
    );
    const send = transport(server.fetch);
    await settle(send({ method: 'PATCH', path: '/a', body: {} }));
    await settle(send({ method: 'POST', path: '/b', body: {} }));
    await settle(send({ method: 'DELETE', path: '/c' }));
    await settle(send({ method: 'GET', path: '/d' }));
    const keys = server.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[3]);
    expect(new Set(keys.slice(0, 5)).size).toBe(3);
    expect(keys[5]).toBeNull();
  });

  it('does not retry a PATCH after a lost answer when it carries no key', async () => {
    const server = createFakeFetch(() => {
      throw new TypeError('connection reset');
    });
    const error = await settle(
      transport(server.fetch)(
        { method: 'PATCH', path: '/insights/t1', body: { notify: { email: true } } },
        {
          idempotencyKey: false,
        },
      ),
    ).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it.each([
    // Steps of 1000 and 2000 ms, each scaled by the random factor.
    ['doubles each step, scaled by a random factor', 0.5, { backoffMs: 1000 }, [500, 1000]],
    // The second step (2000 ms) is capped at 1200 before the factor applies.
    ['caps a step at maxBackoffMs', 0.999, { backoffMs: 1000, maxBackoffMs: 1200 }, [999, 1198.8]],
  ])('backs off with full jitter: %s', async (_title, random, retry, gaps) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const server = createFakeFetch(
      sequence(
        () => json(500, {}),
        () => json(500, {}),
        ok,
      ),
    );
    await settle(transport(server.fetch, { retry })({ method: 'GET', path: '/x' }));
    const times = server.calls.map((call) => call.at);
    const waited = times.slice(1).map((time, i) => time - times[i]!);
    expect(waited).toHaveLength(2);
    for (const [i, ms] of waited.entries()) expect(Math.abs(ms - gaps[i]!)).toBeLessThanOrEqual(1);
  });

  it('does not retry with retry: 0', async () => {
    const server = createFakeFetch(() => json(503, {}));
    await settle(transport(server.fetch, { retry: 0 })({ method: 'GET', path: '/x' })).catch(() => undefined);
    expect(server.calls).toHaveLength(1);
  });
});

describe('429 and Retry-After', () => {
  it('waits Retry-After plus jitter within 0-500 ms before retrying', async () => {
    for (const random of [0, 0.5, 0.999]) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const server = createFakeFetch(sequence(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '3' }), ok));
      const start = Date.now();
      await settle(transport(server.fetch)({ method: 'GET', path: '/x' }));
      const waited = server.calls[1]!.at - start;
      expect(waited).toBe(3000 + Math.floor(random * 500));
      expect(waited).toBeGreaterThanOrEqual(3000);
      expect(waited).toBeLessThan(3500);
    }
  });

  it('uses a configured jitter bound', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const server = createFakeFetch(sequence(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '1' }), ok));
    const start = Date.now();
    await settle(transport(server.fetch, { retry: { jitterMs: 100 } })({ method: 'GET', path: '/x' }));
    expect(server.calls[1]!.at - start).toBe(1050);
  });

  it('holds concurrent callers of the same method class during Retry-After', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const server = createFakeFetch((request, index) =>
      index === 0
        ? v2Error(429, 'rate_limited', {}, { 'retry-after': '5' })
        : json(200, { path: request.url.pathname }),
    );
    const send = transport(server.fetch);
    const start = Date.now();
    const first = send({ method: 'GET', path: '/first' });
    await vi.advanceTimersByTimeAsync(10);
    const second = send({ method: 'GET', path: '/second' });
    const write = send({ method: 'POST', path: '/write', body: {} });
    await settle(Promise.all([first, second, write]));
    const at = (path: string) =>
      server.calls.filter((call) => call.url.pathname === path).map((call) => call.at - start);
    expect(at('/first')).toEqual([0, 5000]);
    expect(at('/second')).toEqual([5000]);
    // Writes are another class and were not held.
    expect(at('/write')).toEqual([10]);
  });

  it('takes the Retry-After HTTP-date form', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const at = new Date(Date.now() + 4000).toUTCString();
    const server = createFakeFetch(sequence(() => v2Error(429, 'rate_limited', {}, { 'retry-after': at }), ok));
    const start = Date.now();
    await settle(transport(server.fetch)({ method: 'GET', path: '/x' }));
    expect(server.calls[1]!.at - start).toBe(4000);
  });

  it('throws RateLimitedError at once for a POST without Idempotency-Key', async () => {
    const server = createFakeFetch(() =>
      v2Error(429, 'rate_limited', {}, { 'retry-after': '2', 'x-ratelimit-limit': '60' }),
    );
    const error = await settle(
      transport(server.fetch)({ method: 'POST', path: '/x', body: {} }, { idempotencyKey: false }),
    ).catch((e: unknown) => e);
    expect(isRateLimitedError(error)).toBe(true);
    expect(error).toMatchObject({ retryAfterMs: 2000, limit: 60 });
    expect(server.calls).toHaveLength(1);
  });

  it('gives up at once when Retry-After is beyond maxRetryAfterMs', async () => {
    const server = createFakeFetch(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '3600' }));
    const error = await settle(transport(server.fetch)({ method: 'GET', path: '/x' })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitedError', retryAfterMs: 3_600_000 });
    expect(server.calls).toHaveLength(1);
  });

  it('fails the calls after such a 429 at once, unsent, instead of sleeping and being refused', async () => {
    const server = createFakeFetch(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '3600' }));
    const send = transport(server.fetch);
    await settle(send({ method: 'GET', path: '/x' })).catch(() => undefined);
    // Settled within a second of (fake) time: without the check it sleeps maxRetryAfterMs (60 s).
    const error = await settle(send({ method: 'GET', path: '/y' }), 1_000).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitedError', method: 'GET' });
    expect(isRateLimitedError(error) && error.retryAfterMs).toBeGreaterThan(3_000_000);
    expect(server.calls).toHaveLength(1);
  });
});

describe('server errors beside a distant rate-limit reset', () => {
  it('retries a 503 that carries an X-RateLimit-Reset further off than maxRetryAfterMs', async () => {
    const server = createFakeFetch(
      sequence(
        () =>
          v2Error(
            503,
            'unavailable',
            {},
            {
              'x-ratelimit-limit': '1000',
              'x-ratelimit-remaining': '999',
              'x-ratelimit-reset': resetIn(61),
            },
          ),
        ok,
      ),
    );
    const send = transport(server.fetch, { retry: { maxRetryAfterMs: 10_000 } });
    await expect(settle(send({ method: 'GET', path: '/x' }))).resolves.toMatchObject({ status: 200 });
    expect(server.calls).toHaveLength(2);
  });
});

describe('pacing on X-RateLimit-Remaining', () => {
  it('holds every concurrent caller of the class until Reset once Remaining is 0', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const reset = resetIn(30);
    const server = createFakeFetch((_request, index) =>
      json(
        200,
        {},
        { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': index === 0 ? '0' : '9', 'x-ratelimit-reset': reset },
      ),
    );
    const send = transport(server.fetch);
    const start = Date.now();
    await send({ method: 'GET', path: '/a' });
    const later = Promise.all([send({ method: 'GET', path: '/b' }), send({ method: 'GET', path: '/c' })]);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.calls).toHaveLength(1);
    await settle(later);
    expect(server.calls.slice(1).map((call) => call.at)).toEqual([Number(reset) * 1000, Number(reset) * 1000]);
    expect(Number(reset) * 1000 - start).toBeLessThanOrEqual(30_000);
  });

  it('counts its own calls in flight against Remaining', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const reset = resetIn(10);
    const server = createFakeFetch((_request, index) =>
      json(200, {}, { 'x-ratelimit-remaining': index === 0 ? '2' : '1', 'x-ratelimit-reset': reset }),
    );
    const send = transport(server.fetch);
    await send({ method: 'DELETE', path: '/first' });
    const calls = [1, 2, 3].map((n) => send({ method: 'DELETE', path: `/${n}` }));
    await vi.advanceTimersByTimeAsync(1000);
    // Two calls were left; the third waits for the window to reset.
    expect(server.calls).toHaveLength(3);
    await settle(Promise.all(calls));
    expect(server.calls[3]!.at).toBe(Number(reset) * 1000);
  });

  it('adds jitter to a pacing wait and keeps reads and writes apart', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const reset = resetIn(5);
    const server = createFakeFetch(() => json(200, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }));
    const send = transport(server.fetch);
    await send({ method: 'PATCH', path: '/w' });
    const start = Date.now();
    await send({ method: 'GET', path: '/r' });
    expect(server.calls[1]!.at).toBe(start);
    await settle(send({ method: 'PATCH', path: '/w2' }));
    expect(server.calls[2]!.at).toBe(Number(reset) * 1000 + 250);
  });
});

describe('429 without Retry-After', () => {
  it('waits until X-RateLimit-Reset on a 429 without Retry-After, then retries the POST with its key', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const reset = resetIn(7);
    const server = createFakeFetch(
      sequence(
        () => v2Error(429, 'rate_limited', {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
        ok,
      ),
    );
    await settle(
      transport(server.fetch, { retry: { jitterMs: 0 } })({
        method: 'POST',
        path: '/x',
        body: {},
        headers: { 'idempotency-key': 'k-1' },
      }),
    );
    expect(server.calls.map((call) => [call.at, call.headers.get('idempotency-key')])).toEqual([
      [Date.parse('2026-03-01T00:00:00Z'), 'k-1'],
      [Number(reset) * 1000, 'k-1'],
    ]);
  });

  it('throws RateLimitedError with its Retry-After when it may not retry', async () => {
    const server = createFakeFetch(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '2' }));
    const error = await settle(transport(server.fetch, { retry: 0 })({ method: 'GET', path: '/x' })).catch(
      (e: unknown) => e,
    );
    expect(isRateLimitedError(error) && error.retryAfterMs).toBe(2000);
    expect(server.calls).toHaveLength(1);
  });
});

describe('timeouts and abort', () => {
  const hanging = () => new Promise<Response>(() => undefined);

  it('fails with TimeoutError after the per-attempt timeout, without retrying', async () => {
    const server = createFakeFetch(hanging);
    const send = transport(server.fetch, { timeout: 2000 });
    const error = await settle(send({ method: 'GET', path: '/slow' })).catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ timeout: 2000, method: 'GET' });
    expect(server.calls).toHaveLength(1);
  });

  it('lets a call override the timeout', async () => {
    const server = createFakeFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return ok();
    });
    const send = transport(server.fetch, { timeout: 1000 });
    expect((await settle(send({ method: 'GET', path: '/x' }, { timeout: 5000 }))).status).toBe(200);
    expect((await settle(send({ method: 'GET', path: '/x' }, { timeout: false }))).status).toBe(200);
  });

  it('rejects with the abort reason during a request', async () => {
    const server = createFakeFetch(hanging);
    const controller = new AbortController();
    const pending = transport(server.fetch)({ method: 'GET', path: '/x' }, { signal: controller.signal });
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort(new Error('user left'));
    expect(await outcome).toMatchObject({ message: 'user left' });
  });

  it('rejects with the abort reason while waiting to retry, sending nothing more', async () => {
    const server = createFakeFetch(() => v2Error(429, 'rate_limited', {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    const outcome = transport(server.fetch)({ method: 'GET', path: '/x' }, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('stop'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toMatchObject({ message: 'stop' });
    expect(server.calls).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const server = createFakeFetch(ok);
    const error = await transport(server.fetch)({ method: 'GET', path: '/x' }, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(server.calls).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('never puts header values into error messages', async () => {
    const secret = 'cfs_v2_SECRETSECRETSECRETSECRETSECRET12';
    for (const handler of [
      () => json(401, { message: 'nope', code: 'UNAUTHORIZED' }),
      () => Promise.reject(new TypeError('down')),
    ]) {
      const server = createFakeFetch(handler);
      const error = await settle(
        transport(server.fetch, { headers: { authorization: `Bearer ${secret}` }, retry: 0 })({
          method: 'GET',
          path: '/x',
        }),
      ).catch((e: unknown) => e);
      expect(String((error as Error).message)).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
  });
});
