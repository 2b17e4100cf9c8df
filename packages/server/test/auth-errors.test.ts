import { createHash } from 'node:crypto';
import {
  createV1Client,
  createV2Client,
  isRateLimitedError,
  isScopeRequiredError,
  isUnauthenticatedError,
  isUnsupportedKeyVersionError,
  v1ErrorBodySchema,
  v2ErrorBodySchema,
} from '@hearken/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/app.ts';
import { apiKeys } from '../src/db/schema.ts';
import { call, type Reply, useServer } from './harness.ts';

const h = useServer({ limits: { writes: 3, reads: 5, unauthenticated: 4, windowSeconds: 60 } });

const expectV2Error = (response: Reply, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(v2ErrorBodySchema.safeParse(response.body).success).toBe(true);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.request_id).toBe(response.headers.get('x-request-id'));
};
const expectV1Error = (response: Reply, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(v1ErrorBodySchema.safeParse(response.body).success).toBe(true);
  expect(response.body.code).toBe(code);
};

describe('v2 authentication', () => {
  it('401 unauthenticated without a header, with a malformed one, an unknown key and a revoked key', async () => {
    expectV2Error(await call(h, 'GET', '/api/v2/me'), 401, 'unauthenticated');
    expectV2Error(
      await call(h, 'GET', '/api/v2/me', { headers: { authorization: 'Basic abc' } }),
      401,
      'unauthenticated',
    );
    expectV2Error(await call(h, 'GET', '/api/v2/me', { key: `cfs_v2_${'x'.repeat(32)}` }), 401, 'unauthenticated');
    expectV2Error(await call(h, 'GET', '/api/v2/me', { key: h.fx.a.keys.v2Revoked }), 401, 'unauthenticated');
  });

  it('tells a key with the v2 prefix but another shape that it is unknown, and a foreign key that it is not a v2 key', async () => {
    const short = await call(h, 'GET', '/api/v2/me', { key: 'cfs_v2_tooshort' });
    expectV2Error(short, 401, 'unauthenticated');
    expect(short.body.error.message).toBe('The API key is revoked or unknown');
    const foreign = await call(h, 'GET', '/api/v2/me', { key: 'sk_live_abc' });
    expect(foreign.body.error.message).toBe('Not a v2 API key');
  });

  it('410 unsupported_key_version for anything with the v1 prefix, even a key of another shape', async () => {
    for (const key of ['cfs_v1_test', `cfs_v1_${'a'.repeat(40)}`]) {
      expectV2Error(await call(h, 'GET', '/api/v2/me', { key }), 410, 'unsupported_key_version');
    }
  });

  it('410 unsupported_key_version for a v1 key, and the client maps it', async () => {
    expectV2Error(await call(h, 'GET', '/api/v2/me', { key: h.fx.a.keys.v1Admin }), 410, 'unsupported_key_version');
    const client = createV2Client({
      baseUrl: h.url,
      headers: { authorization: `Bearer ${h.fx.a.keys.v1Admin}` },
      retry: 0,
    });
    await expect(client.me()).rejects.toSatisfy(isUnsupportedKeyVersionError);
  });

  it('GET /me answers any valid key with its workspace, id and scopes', async () => {
    const me = await createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2ThreadsWrite }).me();
    expect(me.workspace_id).toBe(h.fx.a.workspaceId);
    expect(me.scopes).toEqual(['threads:write']);
    expect(me.api_key_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('403 scope_required lists required and granted scopes', async () => {
    const response = await call(h, 'GET', '/api/v2/threads', { key: h.fx.a.keys.v2ThreadsWrite });
    expectV2Error(response, 403, 'scope_required');
    expect(response.body.error.details).toEqual({ required: ['threads:read'], granted: ['threads:write'] });
    const denied = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Read, body: { text: 'x' } });
    expect(denied.body.error.details).toEqual({ required: ['threads:write'], granted: ['threads:read'] });
    const company = await call(h, 'POST', '/api/v2/companies', {
      key: h.fx.a.keys.v2ThreadsWrite,
      body: { name: 'X' },
    });
    expect(company.body.error.details.required).toEqual(['companies:write']);
    const client = createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2ThreadsWrite, retry: 0 });
    const error = await client.threads.list().catch((e: unknown) => e);
    expect(isScopeRequiredError(error) && error.required).toEqual(['threads:read']);
  });

  it('every v2 response carries X-Request-Id, and an incoming id is kept', async () => {
    const ok = await call(h, 'GET', '/api/v2/me', {
      key: h.fx.a.keys.v2Full,
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(ok.headers.get('x-request-id')).toBe('trace-123');
    const missing = await call(h, 'GET', '/api/v2/nope', { key: h.fx.a.keys.v2Full });
    expectV2Error(missing, 404, 'not_found');
    expect(missing.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
  });
});

describe('key storage', () => {
  it('keeps only a SHA-256 hash and a four-character preview of each secret', async () => {
    const secret = h.fx.a.keys.v2Full;
    const rows = await h.db.orm.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(7));
    const row = rows.find((key) => key.secretHash === createHash('sha256').update(secret).digest('hex'));
    expect(row).toMatchObject({ preview: secret.slice(7, 11), version: 2, workspaceId: h.fx.a.workspaceId });
  });
});

describe('v1 authentication and error body', () => {
  it('401 UNAUTHORIZED without a key, for unknown keys and for a v2 key', async () => {
    expectV1Error(await call(h, 'GET', '/api/v1/contacts'), 401, 'UNAUTHORIZED');
    expectV1Error(await call(h, 'GET', '/api/v1/contacts', { key: `cfs_v1_${'y'.repeat(32)}` }), 401, 'UNAUTHORIZED');
    expectV1Error(await call(h, 'GET', '/api/v1/contacts', { key: h.fx.a.keys.v2Full }), 401, 'UNAUTHORIZED');
    const client = createV1Client({ baseUrl: h.url, apiKey: `cfs_v1_${'y'.repeat(32)}`, retry: 0 });
    await expect(client.contacts.list()).rejects.toSatisfy(isUnauthenticatedError);
  });

  it('400 BAD_REQUEST with one issue per failed rule, each naming its field', async () => {
    const response = await call(h, 'POST', '/api/v1/contacts', {
      key: h.fx.a.keys.v1Admin,
      body: { email: 'not-an-email', name: '', extra: true },
    });
    expectV1Error(response, 400, 'BAD_REQUEST');
    const messages = response.body.issues.map((issue: { message: string }) => issue.message);
    expect(messages.some((m: string) => m.startsWith('email:'))).toBe(true);
    expect(messages.some((m: string) => m.startsWith('name:'))).toBe(true);
    expect(messages.some((m: string) => m.startsWith('extra:'))).toBe(true);
  });
});

describe('bad input never changes anything and never answers 500', () => {
  const bodies: [string, string | undefined, unknown][] = [
    ['malformed JSON', '{"text": ', undefined],
    ['an array', undefined, [1, 2]],
    ['a wrong type', undefined, { text: 42 }],
    ['an unknown property', undefined, { text: 'ok', colour: 'red' }],
    ['an empty text', undefined, { text: '' }],
    ['a NUL character', undefined, { text: 'a\u0000b' }],
    ['a bad enum', undefined, { text: 'ok', pain_level: 'EXTREME' }],
    ['a bad email', undefined, { text: 'ok', contact_email: 'nope' }],
    ['a contact name without an email', undefined, { text: 'ok', contact_name: 'Nobody' }],
    ['an unknown company', undefined, { text: 'ok', company_id: 'b1e0f1a4-5d55-4a8e-8f4f-5b9d7f3c0a11' }],
    ['another workspace’s project', undefined, 'project-of-b'],
  ];
  it.each(bodies)('POST /threads with %s is 400 and creates nothing', async (_name, raw, body) => {
    const payload = body === 'project-of-b' ? { text: 'ok', project_id: h.fx.b.projectId } : body;
    const before = await call(h, 'GET', '/api/v2/threads', { key: h.fx.a.keys.v2Full });
    const response = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      ...(raw !== undefined ? { raw } : { body: payload }),
    });
    expectV2Error(response, 400, 'invalid_request');
    expect(response.body.error.details.issues.length).toBeGreaterThan(0);
    const after = await call(h, 'GET', '/api/v2/threads', { key: h.fx.a.keys.v2Full });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('a body over 1 MB is 413 naming the body, in either format', async () => {
    const big = { text: 'x'.repeat(1024 * 1024 + 10) };
    const v2 = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, body: big });
    expectV2Error(v2, 413, 'payload_too_large');
    expect(v2.body.error.details.issues).toEqual([{ path: '(body)', message: 'must be at most 1048576 bytes' }]);
    const v1 = await call(h, 'PATCH', `/api/v1/insights/${h.fx.a.threadIds[0]}`, {
      key: h.fx.a.keys.v1Admin,
      body: big,
    });
    expectV1Error(v1, 413, 'PAYLOAD_TOO_LARGE');
    expect(v1.body.issues).toEqual([{ message: '(body): must be at most 1048576 bytes' }]);
  });

  it('a body that is not JSON is 415 naming Content-Type, in either format', async () => {
    const response = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      raw: 'text=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectV2Error(response, 415, 'unsupported_media_type');
    expect(response.body.error.details.issues).toEqual([{ path: 'Content-Type', message: 'must be application/json' }]);
    const v1 = await call(h, 'PATCH', `/api/v1/insights/${h.fx.a.threadIds[0]}`, {
      key: h.fx.a.keys.v1Admin,
      raw: '{"title":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectV1Error(v1, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(v1.body.issues).toEqual([{ message: 'Content-Type: must be application/json' }]);
  });
});

describe('server failures', () => {
  it('answer 500 internal_error / INTERNAL_SERVER_ERROR without details of the failure', async () => {
    // A real failure of the storage underneath: the table is briefly gone.
    await h.db.orm.execute(sql.raw('alter table threads rename to threads_away'));
    // The operator's log gets the failure; captured here rather than printed.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const v2 = await call(h, 'GET', '/api/v2/threads', { key: h.fx.a.keys.v2Full });
      expectV2Error(v2, 500, 'internal_error');
      expect(JSON.stringify(v2.body)).not.toContain('threads_away');
      const v1 = await call(h, 'GET', `/api/v1/insights/${h.fx.a.threadIds[0]}`, { key: h.fx.a.keys.v1Admin });
      expectV1Error(v1, 500, 'INTERNAL_SERVER_ERROR');
      expect(logged.mock.calls.map(([line]) => line)).toEqual([
        `[hearken-server] ${v2.body.error.request_id}`,
        `[hearken-server] ${v1.headers.get('x-request-id')}`,
      ]);
      expect(logged.mock.calls.map((args) => args[1] instanceof Error)).toEqual([true, true]);
      const keys = Object.values(h.fx.a.keys);
      expect(
        logged.mock.calls
          .flat()
          .map(String)
          .filter((text) => keys.some((key) => text.includes(key))),
      ).toEqual([]);
    } finally {
      logged.mockRestore();
      await h.db.orm.execute(sql.raw('alter table threads_away rename to threads'));
    }
  });
});

describe('rate limits', () => {
  it('sends X-RateLimit-* on every v2 response, success or error: the key class limit, else the address limit', async () => {
    for (const [response, limit] of [
      [await call(h, 'GET', '/api/v2/me', { key: h.fx.a.keys.v2Full }), 5],
      [await call(h, 'GET', '/api/v2/threads', { key: h.fx.a.keys.v2ThreadsWrite }), 5],
      [await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, body: {} }), 3],
      [await call(h, 'GET', '/api/v2/me'), 4],
      [await call(h, 'GET', '/api/v2/no-such-thing', { key: h.fx.a.keys.v2Full }), 5],
    ] as const) {
      expect(Number(response.headers.get('x-ratelimit-limit'))).toBe(limit);
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
  });

  it('counts writes per key and answers 429 rate_limited with Retry-After; a bulk call is one write', async () => {
    const key = h.fx.a.keys.v2Full;
    const ids = h.fx.a.threadIds;
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(h, 'POST', '/api/v2/threads/bulk-update', {
        key,
        body: { ids, set: { title: `t${i}` } },
      });
      expect(response.status).toBe(200);
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([2, 1, 0]);
    const limited = await call(h, 'POST', '/api/v2/threads', { key, body: { text: 'one too many' } });
    expectV2Error(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // Reads are a separate class, and another key has its own budget.
    expect((await call(h, 'GET', '/api/v2/me', { key })).status).toBe(200);
    expect(
      (await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2ThreadsWrite, body: { text: 'ok' } })).status,
    ).toBe(201);
    const client = createV2Client({ baseUrl: h.url, apiKey: key, retry: 0 });
    const error = await client.threads.bulkDelete(ids).catch((e: unknown) => e);
    expect(isRateLimitedError(error)).toBe(true);
    expect(isRateLimitedError(error) && error.retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it('counts failed authentications per client address, an IPv6 client by its /64 and an IPv4-mapped one as IPv4', async () => {
    // The Node adapter hands the app the socket; a test can name any peer address through it.
    const app = createServer({ db: h.db, limits: { unauthenticated: 2, windowSeconds: 60 } });
    const guess = async (remoteAddress: string) => {
      const response = await app.fetch(
        new Request('http://server.test/api/v2/me', { headers: { authorization: 'Bearer guess' } }),
        { incoming: { socket: { remoteAddress } } },
      );
      return [response.status, response.headers.get('x-ratelimit-remaining')];
    };
    expect(await guess('2001:db8:0:1::1')).toEqual([401, '1']);
    expect(await guess('2001:db8:0:1:ffff::2')).toEqual([401, '0']);
    expect(await guess('2001:0db8:0000:0001:1234:5678:9abc:def0')).toEqual([429, '0']);
    expect(await guess('2001:db8:0:2::1')).toEqual([401, '1']);
    expect(await guess('::ffff:203.0.113.7')).toEqual([401, '1']);
    expect(await guess('203.0.113.7')).toEqual([401, '0']);
  });

  it('answers requests without a valid key their own 401 or 410 until the address passes its limit, then 429 without a key lookup', async () => {
    // Four a window from one address (`unauthenticated` here), whatever is wrong with the key.
    const answers = [
      await call(h, 'POST', '/api/v2/threads', { body: { text: 'x' } }),
      await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v1Admin, body: { text: 'x' } }),
      await call(h, 'PATCH', '/api/v1/users/role', { key: h.fx.a.keys.v2Revoked, body: {} }),
      await call(h, 'GET', '/api/v2/me', { key: 'cfs_v2_madeUpmadeUpmadeUpmadeUpmadeUp' }),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.get('x-ratelimit-remaining')])).toEqual([
      [401, '3'],
      [410, '2'],
      [401, '1'],
      [401, '0'],
    ]);
    for (const answer of answers) expect(answer.headers.get('x-ratelimit-limit')).toBe('4');
    const lookups = vi.spyOn(h.db.orm, 'select');
    try {
      const flood = await call(h, 'GET', '/api/v2/me', { key: 'cfs_v2_madeUpmadeUpmadeUpmadeUpmadeUq' });
      expectV2Error(flood, 429, 'rate_limited');
      expect(Number(flood.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(flood.headers.get('x-ratelimit-limit')).toBe('4');
      expect(flood.headers.get('x-ratelimit-remaining')).toBe('0');
      expectV1Error(await call(h, 'GET', '/api/v1/contacts', { key: 'cfs_v1_guess' }), 429, 'TOO_MANY_REQUESTS');
      for (let i = 0; i < 5; i++) {
        const guess = `cfs_v2_madeUpmadeUpmadeUpmadeUpmade${i}0`;
        expectV2Error(await call(h, 'GET', '/api/v2/me', { key: guess }), 429, 'rate_limited');
      }
      // No key is looked up (the list of live key hashes was read once, with the first refusal).
      expect(lookups).not.toHaveBeenCalled();
      // A valid key from the flooded address goes on, with its own key's limit headers.
      const valid = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, body: { text: 'x' } });
      expect(valid.status).toBe(201);
      expect(valid.headers.get('x-ratelimit-limit')).toBe('3');
      expect((await call(h, 'GET', '/api/v1/contacts', { key: h.fx.a.keys.v1Admin })).status).toBe(200);
      // A revoked key is refused like a made-up one.
      expectV2Error(await call(h, 'GET', '/api/v2/me', { key: h.fx.a.keys.v2Revoked }), 429, 'rate_limited');
    } finally {
      lookups.mockRestore();
    }
    // The window over, the address starts afresh.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      const later = await call(h, 'GET', '/api/v2/me', { key: 'cfs_v2_madeUpmadeUpmadeUpmadeUpmadeUp' });
      expect(later.status).toBe(401);
      expect(later.headers.get('x-ratelimit-remaining')).toBe('3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shuts valid keys out where the runtime tells no client address', async () => {
    // Without the Node adapter's socket every caller shares one bucket, so a flood there is no reason to refuse a valid key.
    const app = createServer({ db: h.db, limits: { unauthenticated: 1, windowSeconds: 60 } });
    const me = (key: string) =>
      app.fetch(new Request('http://server.test/api/v2/me', { headers: { authorization: `Bearer ${key}` } }));
    expect((await me('cfs_v2_guess')).status).toBe(401);
    expect((await me('cfs_v2_guess')).status).toBe(429);
    expect((await me(h.fx.a.keys.v2Full)).status).toBe(200);
  });

  it('limits v1 keys too, with the v1 429 body', async () => {
    const patch = () =>
      call(h, 'PATCH', `/api/v1/insights/${h.fx.a.threadIds[0]}`, { key: h.fx.a.keys.v1Admin, body: { title: 'x' } });
    for (let i = 0; i < 3; i++) expect((await patch()).status).toBe(200);
    const limited = await patch();
    expectV1Error(limited, 429, 'TOO_MANY_REQUESTS');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
