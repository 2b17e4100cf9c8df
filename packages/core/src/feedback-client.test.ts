import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRequestValidationError, isResponseShapeError } from './contract/errors.ts';
import { createFeedbackClient } from './feedback-client.ts';
import { createFakeFetch, json, sequence, v2Error } from './test/fake-fetch.ts';
import { threadRow } from './test/fixtures.ts';

const baseUrl = 'https://site.example/proxy';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createFeedbackClient', () => {
  it('posts a thread like createV2Client: body, client and call headers, the caller’s Idempotency-Key', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const client = createFeedbackClient({ baseUrl, fetch: server.fetch, headers: { Authorization: 'Bearer jwt' } });
    const created = await client.threads.create(
      { text: 'Please add dark mode', contact_email: 'a@b.co' },
      { idempotencyKey: 'fb-1', headers: { 'X-Hearken-Hp': '' } },
    );
    expect(created).toEqual(threadRow());
    const [call] = server.calls;
    expect([call?.method, call?.url.href]).toEqual(['POST', `${baseUrl}/api/v2/threads`]);
    expect(call?.body).toEqual({ text: 'Please add dark mode', contact_email: 'a@b.co' });
    expect(call?.headers.get('authorization')).toBe('Bearer jwt');
    expect(call?.headers.get('idempotency-key')).toBe('fb-1');
    expect(call?.headers.has('x-hearken-hp')).toBe(true);
  });

  it('rejects bad input naming the field, before any request', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const client = createFeedbackClient({ baseUrl, fetch: server.fetch });
    const failure = await client.threads.create({ text: 'x', contact_email: 'not-an-email' }).catch((e: unknown) => e);
    expect(isRequestValidationError(failure) && failure.issues[0]?.path).toEqual(['contact_email']);
    expect(server.calls).toHaveLength(0);
  });

  it('checks the answer against the thread schema', async () => {
    const server = createFakeFetch(() => json(201, { ...threadRow(), state: 'NOT_A_STATE' }));
    const client = createFeedbackClient({ baseUrl, fetch: server.fetch });
    expect(isResponseShapeError(await client.threads.create({ text: 'x' }).catch((e: unknown) => e))).toBe(true);
  });

  it('waits out a 429’s Retry-After, then sends the same submission again with its key', async () => {
    vi.useFakeTimers({ now: 0 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const server = createFakeFetch(
      sequence(
        () => v2Error(429, 'rate_limited', {}, { 'retry-after': '2' }),
        () => json(201, threadRow()),
      ),
    );
    const created = createFeedbackClient({ baseUrl, fetch: server.fetch }).threads.create(
      { text: 'x' },
      { idempotencyKey: 'fb-2' },
    );
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await created).toEqual(threadRow());
    expect(server.calls.map((call) => [call.at, call.headers.get('idempotency-key')])).toEqual([
      [0, 'fb-2'],
      [2000, 'fb-2'],
    ]);
  });

  it('refuses a v1 key like createV2Client', () => {
    expect(() => createFeedbackClient({ baseUrl, apiKey: `cfs_v1_${'a'.repeat(32)}` })).toThrow(/apiKey is a v1 key/);
  });
});
