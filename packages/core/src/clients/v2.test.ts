import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAIN_LEVELS, THREAD_ORIGINS } from '../contract/constants.ts';
import { isRequestValidationError, isResponseShapeError } from '../contract/errors.ts';
import { createFakeFetch, json, type RecordedRequest, sequence, v2Error } from '../test/fake-fetch.ts';
import { threadRow, v2Company } from '../test/fixtures.ts';
import { createThread, createV2Client, createV2Connection } from './v2.ts';

const baseUrl = 'https://api.example.com';
const apiKey = `cfs_v2_${'a'.repeat(32)}`;
const client = (fetch: typeof globalThis.fetch, options = {}) => createV2Client({ baseUrl, apiKey, fetch, ...options });
const bodyOf = (call: RecordedRequest | undefined) => call?.body as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createV2Client endpoints', () => {
  it('me: GET /api/v2/me with the bearer key', async () => {
    const identity = { workspace_id: 'ws_1', api_key_id: 'key_1', scopes: ['threads:read'] };
    const server = createFakeFetch(() => json(200, identity));
    expect(await client(server.fetch).me()).toEqual(identity);
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: new URL(`${baseUrl}/api/v2/me`) });
    expect(server.calls[0]?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it('threads.list: GET /api/v2/threads with limit, cursor and filters', async () => {
    const page = { data: [threadRow()], page: { cursor: 'c2', has_more: true, limit: 10 } };
    const server = createFakeFetch(() => json(200, page));
    expect(await client(server.fetch).threads.list({ limit: 10, status: 'NEW', tab: 'inbox', cursor: 'c1' })).toEqual(
      page,
    );
    const url = server.calls[0]!.url;
    expect(url.pathname).toBe('/api/v2/threads');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '10', status: 'NEW', tab: 'inbox', cursor: 'c1' });
  });

  it('threads.get: GET /api/v2/threads/{id}, id encoded', async () => {
    const server = createFakeFetch(() => json(200, threadRow('a/b')));
    expect((await client(server.fetch).threads.get('a/b')).id).toBe('a/b');
    expect(server.calls[0]?.url.pathname).toBe('/api/v2/threads/a%2Fb');
  });

  it('threads.create: POST /api/v2/threads with the body and a fresh Idempotency-Key per call', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const v2 = client(server.fetch);
    const input = {
      text: 'Please add dark mode',
      title: 'Dark mode',
      pain_level: 'HIGH' as const,
      contact_email: 'a@b.co',
    };
    expect(await v2.threads.create(input)).toEqual(threadRow());
    await v2.threads.create(input);
    expect(server.calls.map((call) => [call.method, call.url.pathname])).toEqual([
      ['POST', '/api/v2/threads'],
      ['POST', '/api/v2/threads'],
    ]);
    expect(bodyOf(server.calls[0])).toEqual(input);
    const [first, second] = server.calls.map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
  });

  it('threads.create: reuses one Idempotency-Key across its retries, and takes the caller’s key', async () => {
    vi.useFakeTimers();
    const server = createFakeFetch(
      sequence(
        () => json(503, {}),
        () => Promise.reject(new TypeError('connection reset')),
        () => json(201, threadRow()),
        () => json(201, threadRow()),
      ),
    );
    const v2 = client(server.fetch);
    const created = v2.threads.create({ text: 'x' });
    await vi.advanceTimersByTimeAsync(30_000);
    await created;
    const keys = server.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);

    await v2.threads.create({ text: 'y' }, { idempotencyKey: 'my-key-1' });
    expect(server.calls[3]?.headers.get('idempotency-key')).toBe('my-key-1');
  });

  it('companies.create: POST /api/v2/companies with an Idempotency-Key kept across retries, none when told', async () => {
    vi.useFakeTimers();
    const server = createFakeFetch(
      sequence(
        () => json(500, {}),
        () => json(500, {}),
        () => json(201, v2Company),
        () => json(201, v2Company),
      ),
    );
    const v2 = client(server.fetch);
    const input = { name: 'Globex', domains: ['globex.com'], size: 5, revenue: 0, external_ids: ['ext-1'] };
    await expect(v2.companies.create(input, { idempotencyKey: false })).rejects.toMatchObject({ status: 500 });
    expect(server.calls[0]?.headers.has('idempotency-key')).toBe(false);

    const retried = v2.companies.create(input);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await retried).toEqual(v2Company);
    const [first, second] = server.calls.slice(1).map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(server.calls.map((call) => [call.method, call.url.pathname])).toContainEqual(['POST', '/api/v2/companies']);
    expect(bodyOf(server.calls[1])).toEqual(input);

    await v2.companies.create(input, { idempotencyKey: 'co-1' });
    expect(server.calls[3]?.headers.get('idempotency-key')).toBe('co-1');
    await expect(v2.companies.create(input, { idempotencyKey: 'two words' })).rejects.toMatchObject({
      name: 'RequestValidationError',
      field: 'idempotencyKey',
    });
    expect(server.calls).toHaveLength(4);
  });

  it('lets a call header replace a client header whatever its case', async () => {
    const server = createFakeFetch(() => json(200, { workspace_id: 'w', api_key_id: 'k', scopes: [] }));
    await client(server.fetch).me({ headers: { AUTHORIZATION: 'Bearer other' } });
    expect(server.calls[0]?.headers.get('authorization')).toBe('Bearer other');
  });

  it('sends the key as the one Authorization when headers also hold one, whatever its case', async () => {
    const server = createFakeFetch(() => json(200, { workspace_id: 'w', api_key_id: 'k', scopes: [] }));
    await createV2Client({ baseUrl, apiKey, headers: { Authorization: 'Bearer token' }, fetch: server.fetch }).me();
    expect(server.calls[0]?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it('sends client-level headers (an identity token) without any key', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const browser = createV2Client({
      baseUrl: 'https://site.example/proxy',
      fetch: server.fetch,
      headers: { Authorization: 'Bearer jwt' },
    });
    await browser.threads.create({ text: 'hi' }, { headers: { 'X-Extra': '1' } });
    expect(server.calls[0]?.url.href).toBe('https://site.example/proxy/api/v2/threads');
    expect(server.calls[0]?.headers.get('authorization')).toBe('Bearer jwt');
    expect(server.calls[0]?.headers.get('x-extra')).toBe('1');
  });
});

describe('createThread over a v2 connection', () => {
  it('posts like threads.create: a key per call kept across retries, the caller’s key when given', async () => {
    vi.useFakeTimers();
    const server = createFakeFetch(
      sequence(
        () => json(503, {}),
        () => json(201, threadRow()),
      ),
    );
    const connection = createV2Connection({ baseUrl: 'https://site.example/proxy', fetch: server.fetch });
    const created = createThread(connection, { text: 'Dark mode, please', origin: 'WIDGET' });
    await vi.runAllTimersAsync();
    expect(await created).toEqual(threadRow());
    const [first, retry] = server.calls;
    expect([first?.method, first?.url.href]).toEqual(['POST', 'https://site.example/proxy/api/v2/threads']);
    expect(first?.headers.has('authorization')).toBe(false);
    expect(bodyOf(first)).toEqual({ text: 'Dark mode, please', origin: 'WIDGET' });
    expect(retry?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
    await createThread(connection, { text: 'again' }, { idempotencyKey: 'mine-1' });
    expect(server.calls[2]?.headers.get('idempotency-key')).toBe('mine-1');
  });

  it('rejects bad input naming the field and a v1 key, sending nothing', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const connection = createV2Connection({ baseUrl, fetch: server.fetch });
    await expect(createThread(connection, { text: 'x', pain_level: 'EXTREME' } as never)).rejects.toMatchObject({
      field: 'pain_level',
    });
    expect(() => createV2Connection({ baseUrl, apiKey: `cfs_v1_${'a'.repeat(32)}` })).toThrow(/apiKey/);
    expect(server.calls).toHaveLength(0);
  });
});

describe('rate limits shared by one client', () => {
  it('holds every concurrent read of the client once Remaining is 0, until Reset', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const reset = Math.floor(Date.now() / 1000) + 20;
    const identity = { workspace_id: 'w', api_key_id: 'k', scopes: [] };
    const server = createFakeFetch((request, index) =>
      json(200, request.url.pathname === '/api/v2/me' ? identity : threadRow(), {
        'x-ratelimit-remaining': index === 0 ? '0' : '59',
        'x-ratelimit-reset': String(reset),
      }),
    );
    const v2 = client(server.fetch);
    await v2.me();
    const later = Promise.all([v2.me(), v2.threads.get('th_1'), v2.threads.create({ text: 'a write' })]);
    await vi.advanceTimersByTimeAsync(19_000);
    // Only the write (another method class) has gone out.
    expect(server.calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    await vi.advanceTimersByTimeAsync(2_000);
    await later;
    expect(server.calls.filter((call) => call.method === 'GET').map((call) => call.at)).toEqual([
      reset * 1000 - 20_000,
      reset * 1000,
      reset * 1000,
    ]);
  });
});

describe('bulk operations', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `th_${i}`);
  const echo = (request: RecordedRequest) => {
    const sent = bodyOf(request).ids as string[];
    return json(200, {
      data: sent.filter((id) => !id.endsWith('7')),
      not_found: sent.filter((id) => id.endsWith('7')),
    });
  };

  it('sends 250 ids as 3 calls of at most 100 and merges the answers', async () => {
    const server = createFakeFetch(echo);
    const result = await client(server.fetch).threads.bulkUpdate(ids(250), { state: 'COMPLETED' });
    expect(server.calls.map((call) => (bodyOf(call).ids as string[]).length)).toEqual([100, 100, 50]);
    expect(server.calls.every((call) => call.url.pathname === '/api/v2/threads/bulk-update')).toBe(true);
    expect(bodyOf(server.calls[0]).set).toEqual({ state: 'COMPLETED' });
    expect(result.data.length + result.not_found.length).toBe(250);
    expect([...result.data, ...result.not_found].sort()).toEqual(ids(250).sort());
    expect(result.not_found).toContain('th_7');
  });

  it('bulkDelete posts {ids} to bulk-delete, one distinct Idempotency-Key per chunk', async () => {
    const server = createFakeFetch(echo);
    await client(server.fetch).threads.bulkDelete([...ids(150), 'th_3']);
    expect(server.calls.map((call) => call.url.pathname)).toEqual([
      '/api/v2/threads/bulk-delete',
      '/api/v2/threads/bulk-delete',
    ]);
    expect(Object.keys(bodyOf(server.calls[0]))).toEqual(['ids']);
    expect(server.calls.map((call) => (bodyOf(call).ids as string[]).length)).toEqual([100, 50]);
    const keys = server.calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses no ids, an empty id, or an empty set, sending nothing', async () => {
    const server = createFakeFetch(echo);
    const v2 = client(server.fetch);
    await expect(v2.threads.bulkDelete([])).rejects.toMatchObject({ name: 'RequestValidationError', field: 'ids' });
    await expect(v2.threads.bulkDelete(['a', ''])).rejects.toMatchObject({ field: 'ids.1' });
    await expect(v2.threads.bulkUpdate(['a'], {})).rejects.toMatchObject({ field: 'set' });
    await expect(v2.threads.bulkUpdate(['a'], { state: 'DONE' as never })).rejects.toMatchObject({
      field: 'set.state',
    });
    expect(server.calls).toHaveLength(0);
  });
});

describe('request validation', () => {
  it.each([
    ['text', { text: '' }],
    ['contact_email', { text: 'x', contact_email: 'not-an-email' }],
    ['pain_level', { text: 'x', pain_level: 'EXTREME' }],
    ['origin', { text: 'x', origin: 'FAX' }],
    ['extra', { text: 'x', extra: 1 }],
  ])('threads.create rejects a bad %s, naming it, and sends nothing', async (field, input) => {
    const server = createFakeFetch(() => json(201, threadRow()));
    const error = await client(server.fetch)
      .threads.create(input as never)
      .catch((e: unknown) => e);
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field });
    expect((error as Error).message).toContain(field);
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(256) }],
    ['domains.1', { name: 'A', domains: ['acme.com', 'not a domain'] }],
    ['domains.0', { name: 'A', domains: [`${'a'.repeat(60)}.com`] }],
    ['size', { name: 'A', size: -1 }],
    ['revenue', { name: 'A', revenue: 1.5 }],
    ['logo_url', { name: 'A', logo_url: 'not a url' }],
    ['external_ids.0', { name: 'A', external_ids: [''] }],
  ])('companies.create rejects %s', async (field, input) => {
    const server = createFakeFetch(() => json(201, v2Company));
    await expect(client(server.fetch).companies.create(input as never)).rejects.toMatchObject({ field });
    expect(server.calls).toHaveLength(0);
  });

  it.each([
    ['limit', { limit: 0 }],
    ['limit', { limit: 201 }],
    ['limit', { limit: 2.5 }],
    ['status', { status: 'OPEN' }],
    ['tab', { tab: 'later' }],
    ['cursor', { cursor: '' }],
  ])('threads.list rejects %s', async (field, params) => {
    const server = createFakeFetch(() => json(200, {}));
    await expect(client(server.fetch).threads.list(params as never)).rejects.toMatchObject({ field });
    expect(server.calls).toHaveLength(0);
  });

  it('property: a valid thread input is sent exactly as given; an empty text never leaves', async () => {
    const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
    const input = fc.record(
      {
        text: fc.string({ maxLength: 40 }),
        title: optional(fc.string({ maxLength: 20 })),
        pain_level: optional(fc.constantFrom(...PAIN_LEVELS)),
        origin: optional(fc.constantFrom(...THREAD_ORIGINS)),
        contact_email: optional(fc.emailAddress()),
        project_id: optional(fc.string({ minLength: 1, maxLength: 10 })),
      },
      { requiredKeys: ['text'] },
    );
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const server = createFakeFetch(() => json(201, threadRow()));
        const outcome = await client(server.fetch)
          .threads.create(value)
          .then(
            () => 'sent',
            (e: unknown) => e,
          );
        if (value.text === '') {
          expect(outcome).toMatchObject({ name: 'RequestValidationError', field: 'text' });
          expect(server.calls).toHaveLength(0);
        } else {
          expect(outcome).toBe('sent');
          expect(bodyOf(server.calls[0])).toEqual(JSON.parse(JSON.stringify(value)));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('rejects an Idempotency-Key that is empty, too long or not visible ASCII', async () => {
    const server = createFakeFetch(() => json(201, threadRow()));
    for (const idempotencyKey of ['', 'k'.repeat(256), 'with space', 'ключ', 42 as never, true as never]) {
      await expect(client(server.fetch).threads.create({ text: 'x' }, { idempotencyKey })).rejects.toMatchObject({
        field: 'idempotencyKey',
      });
      await expect(client(server.fetch).companies.create({ name: 'A' }, { idempotencyKey })).rejects.toMatchObject({
        field: 'idempotencyKey',
      });
    }
    expect(server.calls).toHaveLength(0);
  });

  it('threads.get rejects an empty id', async () => {
    const server = createFakeFetch(() => json(200, threadRow()));
    await expect(client(server.fetch).threads.get('')).rejects.toMatchObject({ field: 'id' });
    expect(server.calls).toHaveLength(0);
  });
});

describe('key prefix', () => {
  it('refuses a v1 key locally, without showing it', () => {
    const v1Key = `cfs_v1_${'S'.repeat(32)}`;
    const attempt = () => createV2Client({ baseUrl, apiKey: v1Key });
    expect(attempt).toThrow(/apiKey is a v1 key/);
    try {
      attempt();
    } catch (error) {
      expect(isRequestValidationError(error) && error.field).toBe('apiKey');
      expect(String(error)).not.toContain(v1Key);
    }
  });

  it('maps the server’s 410 unsupported_key_version', async () => {
    const server = createFakeFetch(() => v2Error(410, 'unsupported_key_version'));
    await expect(client(server.fetch).me()).rejects.toMatchObject({ name: 'UnsupportedKeyVersionError', status: 410 });
  });
});

describe('threads.iterate', () => {
  /** Serves `pages` with opaque cursors; optionally answers 429 before some pages. */
  function pagedServer(pages: ReturnType<typeof threadRow>[][], throttleBefore = new Set<number>()) {
    const throttled = new Set<number>();
    return createFakeFetch((request) => {
      const cursor = request.url.searchParams.get('cursor');
      const index = cursor === null ? 0 : Number(cursor.slice('cur-'.length));
      if (throttleBefore.has(index) && !throttled.has(index)) {
        throttled.add(index);
        return v2Error(429, 'rate_limited', {}, { 'retry-after': '1' });
      }
      const last = index === pages.length - 1;
      return json(200, {
        data: pages[index],
        page: { cursor: last ? null : `cur-${index + 1}`, has_more: !last, limit: 50 },
      });
    });
  }

  it('loops on has_more, sends filters only first and only the server’s cursor afterwards', async () => {
    const server = pagedServer([[threadRow('a'), threadRow('b')], [], [threadRow('c')], []]);
    const rows = [];
    for await (const row of client(server.fetch).threads.iterate({ status: 'NEW', tab: 'inbox', limit: 2 }))
      rows.push(row.id);
    expect(rows).toEqual(['a', 'b', 'c']);
    expect(server.calls.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { status: 'NEW', tab: 'inbox', limit: '2' },
      { cursor: 'cur-1', limit: '2' },
      { cursor: 'cur-2', limit: '2' },
      { cursor: 'cur-3', limit: '2' },
    ]);
  });

  it('rides out a 429 in the middle', async () => {
    vi.useFakeTimers();
    const server = pagedServer([[threadRow('a')], [threadRow('b')], [threadRow('c')]], new Set([1]));
    const collected = (async () => {
      const rows: string[] = [];
      for await (const row of client(server.fetch).threads.iterate()) rows.push(row.id);
      return rows;
    })();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await collected).toEqual(['a', 'b', 'c']);
    expect(server.calls).toHaveLength(4);
  });

  it('refuses a page that has more but no new cursor', async () => {
    const server = createFakeFetch(() =>
      json(200, { data: [threadRow()], page: { cursor: null, has_more: true, limit: 50 } }),
    );
    const error = await (async () => {
      for await (const _row of client(server.fetch).threads.iterate());
    })().catch((e: unknown) => e);
    expect(isResponseShapeError(error)).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it('rejects bad params before any request', async () => {
    const server = createFakeFetch(() => json(200, {}));
    const iterator = client(server.fetch).threads.iterate({ limit: 500 })[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toMatchObject({ field: 'limit' });
    expect(server.calls).toHaveLength(0);
  });

  it('property: yields every row exactly once, in order, whatever the pages and 429s', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 4 }), { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(fc.nat({ max: 7 }), { maxLength: 3 }),
        async (sizes, throttled) => {
          let next = 0;
          const pages = sizes.map((size) => Array.from({ length: size }, () => threadRow(`t${next++}`)));
          const server = pagedServer(pages, new Set(throttled));
          const collected = (async () => {
            const rows: string[] = [];
            for await (const row of client(server.fetch).threads.iterate()) rows.push(row.id);
            return rows;
          })();
          await vi.advanceTimersByTimeAsync(30_000);
          expect(await collected).toEqual(pages.flat().map((row) => row.id));
          const cursors = server.calls.map((call) => call.url.searchParams.get('cursor')).filter(Boolean);
          expect(new Set(cursors).size).toBe(pages.length - 1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
