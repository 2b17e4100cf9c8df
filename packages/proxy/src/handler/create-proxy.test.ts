import { FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyConfigError } from '../config/errors.ts';
import type { ProxyLogEntry, ProxyOptions } from '../config/options.ts';
import { createdRow, envelope, fakeUpstream, KEY, V1_KEY } from '../test/fake-upstream.ts';
import { createProxy, type FetchHandler } from './create-proxy.ts';

const ORIGIN = 'https://app.example';
const SECRET = 'identity-secret-with-at-least-32-bytes!';
const BASE = 'http://proxy.test';

const logged: ProxyLogEntry[] = [];
const seen: string[] = [];

afterEach(() => {
  // Whatever a test did, the key never reached a browser-visible byte or a log line.
  for (const text of [...seen, ...logged.map((entry) => JSON.stringify(entry))]) expect(text).not.toContain(KEY);
  logged.length = 0;
  seen.length = 0;
});

async function setup(overrides: Partial<ProxyOptions> = {}, upstream = fakeUpstream()) {
  const handler = await createProxy({
    upstream: 'http://service.test',
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    log: (entry) => logged.push(entry),
    ...overrides,
  });
  const call: FetchHandler = async (request, context) => {
    const response = await handler(request, context);
    seen.push(JSON.stringify([...response.headers]), await response.clone().text());
    return response;
  };
  return { handler: call, upstream };
}

function post(body: unknown, headers: Record<string, string> = {}, path = '/api/v2/threads'): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  const body = (await response.json()) as {
    error: { code: string; message: string; details?: { issues?: { path: string }[] } };
  };
  return body.error;
}

function sign(claims: Record<string, unknown>, options: { alg?: string; secret?: string; exp?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '5m')
    .sign(new TextEncoder().encode(options.secret ?? SECRET));
}

describe('start-up check', () => {
  it.each([
    ['a v1 key', { apiKey: V1_KEY }, 'v1_key', /v1 key/],
    ['an unknown or revoked key', { apiKey: `cfs_v2_${'x'.repeat(32)}` }, 'invalid_key', /unknown or revoked/],
  ])('refuses %s', async (_label, overrides, reason, message) => {
    const error = await setup(overrides).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ProxyConfigError', reason });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(overrides.apiKey);
  });

  it('refuses a key without threads:write, naming the scope', async () => {
    const error = await setup({}, fakeUpstream({ scopes: ['threads:read'] })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'missing_scope', scopes: ['threads:read'] });
    expect((error as Error).message).toContain('threads:write');
  });

  it('refuses a broader key unless allowBroadKey is set', async () => {
    const broad = ['threads:write', 'contacts:read', 'admin'];
    const error = await setup({}, fakeUpstream({ scopes: broad })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'broad_key' });
    expect((error as Error).message).toContain('contacts:read, admin');
    const { handler } = await setup({ allowBroadKey: true }, fakeUpstream({ scopes: broad }));
    expect((await handler(post({ text: 'Broad but allowed' }))).status).toBe(201);
  });

  it('takes threads:read as the scope of receipts, and as too broad once receipts are off', async () => {
    const scopes = ['threads:write', 'threads:read'];
    const { handler } = await setup({}, fakeUpstream({ scopes }));
    expect((await handler(post({ text: 'With a receipt' }))).headers.get('x-hearken-receipt')).toMatch(/^[\w-]+\./);
    const error = await setup({ receipts: false }, fakeUpstream({ scopes })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'broad_key' });
    expect((error as Error).message).toContain('(threads:read)');
  });

  it('says when the service cannot be reached', async () => {
    const error = await setup({
      fetch: async () => {
        throw new TypeError('connect ECONNREFUSED');
      },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'upstream_unreachable' });
  });

  it.each([
    ['upstream', { upstream: 'ftp://service.test' }],
    ['apiKey', { apiKey: '' }],
    ['allowedOrigins', { allowedOrigins: 'https://app.example' as unknown as string[] }],
    ['allowedOrigins', { allowedOrigins: ['https://app.example/path'] }],
    ['identity.secret', { identity: { secret: 'short' } }],
    ['identity.audience', { identity: { secret: SECRET, audience: '' } }],
    ['identity.audience', { identity: { secret: SECRET, audience: [] } }],
    ['maxBodyBytes', { maxBodyBytes: -1 }],
    ['basePath', { basePath: 'hearken' }],
    ['rateLimit.perIp.points', { rateLimit: { perIp: { points: 0, duration: 60 } } }],
    ['rateLimit.keyBudget.reserve', { rateLimit: { keyBudget: { reserve: 1 } } }],
    ['portal.maxAgeSeconds', { portal: { maxAgeSeconds: -5 } }],
    ['log', { log: 'console' }],
    // Misspelt options would otherwise be ignored, leaving the default in force without a word.
    ['maxBodySize', { maxBodySize: 1024 }],
    ['rateLimit.perIP', { rateLimit: { perIP: false } }],
    ['identity.requried', { identity: { secret: SECRET, requried: true } }],
    ['portal.maxAge', { portal: { maxAge: 30 } }],
  ])('names the bad option %s', async (option, overrides) => {
    await expect(setup(overrides as Partial<ProxyOptions>)).rejects.toMatchObject({ reason: 'invalid_option', option });
  });

  it('lists every bad option at once, never quoting the key or the secret', async () => {
    const secret = 'short-secret';
    const error = (await setup({
      upstream: 'service.test',
      allowedOrigins: ['https://app.example', 'https://app.example/path'],
      identity: { secret },
      timeout: 0,
    }).catch((caught: unknown) => caught)) as ProxyConfigError;
    expect(error).toMatchObject({ reason: 'invalid_option', option: 'upstream' });
    expect(error.issues?.map((issue) => issue.path.join('.'))).toEqual([
      'upstream',
      'allowedOrigins.1',
      'identity.secret',
      'timeout',
    ]);
    expect(error.message).toContain('identity.secret: must be at least 32 bytes');
    const misspelt = await setup({ maxBodySize: 1024 } as Partial<ProxyOptions>).catch((caught: unknown) => caught);
    expect((misspelt as ProxyConfigError).message).toBe('maxBodySize: is not a known field');
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain(KEY);
  });
});

describe('routes', () => {
  it('answers /healthz', async () => {
    const { handler } = await setup();
    const response = await handler(new Request(`${BASE}/healthz`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['GET', '/api/v2/threads'],
    ['GET', '/api/v2/me'],
    ['POST', '/api/v2/threads/bulk-delete'],
    ['POST', '/api/v2/companies'],
    ['PATCH', '/api/v2/threads'],
    ['GET', '/'],
  ])('answers %s %s with 404 in the v2 envelope', async (method, path) => {
    const { handler, upstream } = await setup();
    const response = await handler(
      new Request(`${BASE}${path}`, {
        method,
        headers: { origin: ORIGIN },
        ...(method === 'GET' ? {} : { body: '{}' }),
      }),
    );
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'not_found' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(upstream.calls.filter((call) => !call.url.endsWith('/me'))).toHaveLength(0);
  });

  it('answers a v1 path it does not serve (no portal) with 404 in the v1 body', async () => {
    const { handler } = await setup();
    const response = await handler(new Request(`${BASE}/api/v1/workspaces/w1`, { headers: { origin: ORIGIN } }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('serves under a base path and nothing outside it', async () => {
    const { handler } = await setup({ basePath: '/hearken' });
    expect((await handler(post({ text: 'hi' }, {}, '/hearken/api/v2/threads'))).status).toBe(201);
    expect((await handler(post({ text: 'hi' }))).status).toBe(404);
  });
});

describe('the handler object', () => {
  it('answers through its fetch method as when called, so it can be what a Worker exports', async () => {
    const handler = await createProxy({
      upstream: 'http://service.test',
      apiKey: KEY,
      allowedOrigins: [ORIGIN],
      fetch: fakeUpstream().fetch,
    });
    const response = await handler.fetch(post({ text: 'hi' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('says which paths it serves, below its base path and by the options it was given', async () => {
    const options = { upstream: 'http://service.test', apiKey: KEY, allowedOrigins: [ORIGIN], basePath: '/hearken' };
    const plain = await createProxy({ ...options, fetch: fakeUpstream().fetch });
    expect(plain.serves('/hearken/api/v2/threads')).toBe(true);
    expect(plain.serves('/hearken/healthz')).toBe(true);
    expect(plain.serves('/api/v2/threads')).toBe(false);
    expect(plain.serves('/hearken/api/v2/me')).toBe(false);
    expect(plain.serves('/hearken/api/v1/projects/p1')).toBe(false);
    const portal = await createProxy({ ...options, fetch: fakeUpstream().fetch, portal: true });
    expect(portal.serves('/hearken/api/v1/projects/p1')).toBe(true);
    expect(portal.serves('/hearken/api/v1/contacts/c1')).toBe(false);
  });
});

describe('origin and CORS', () => {
  it('refuses every origin when the allowlist is empty', async () => {
    const { handler, upstream } = await setup({ allowedOrigins: [] });
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(upstream.threadCalls()).toHaveLength(0);
  });

  it('refuses an origin outside the list and a request without Origin, with no CORS headers', async () => {
    const { handler } = await setup();
    const other = await handler(post({ text: 'hi' }, { origin: 'https://evil.example' }));
    expect(other.status).toBe(403);
    expect(await errorOf(other)).toMatchObject({ code: 'forbidden' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const bare = new Request(`${BASE}/api/v2/threads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"hi"}',
    });
    expect((await handler(bare)).status).toBe(403);
  });

  it('sends CORS headers to an allowed origin', async () => {
    const { handler } = await setup();
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after');
  });

  it('allows any origin only when "*" is listed', async () => {
    const { handler } = await setup({ allowedOrigins: ['*'] });
    const response = await handler(post({ text: 'hi' }, { origin: 'https://anyone.example' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://anyone.example');
  });

  it('answers the preflight for allowed origins only', async () => {
    const { handler } = await setup();
    const preflight = (origin: string) =>
      handler(
        new Request(`${BASE}/api/v2/threads`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        }),
      );
    const ok = await preflight(ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(ok.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    expect(ok.headers.get('access-control-allow-headers')).toContain('authorization');
    // The widget's spam signals: without them in the list a browser would never send the post.
    expect(ok.headers.get('access-control-allow-headers')).toContain(HONEYPOT_HEADER.toLowerCase());
    expect(ok.headers.get('access-control-allow-headers')).toContain(FILL_TIME_HEADER.toLowerCase());
    expect(ok.headers.get('access-control-max-age')).toBe('600');
    // Identity travels in Authorization, never in cookies: credentials are not allowed.
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('body checks', () => {
  it('refuses a body over 64 KB with 413, declared or streamed', async () => {
    const { handler, upstream } = await setup();
    const big = JSON.stringify({ text: 'x'.repeat(64 * 1024) });
    expect((await handler(post(big))).status).toBe(413);
    const chunks = [new TextEncoder().encode(big.slice(0, 40_000)), new TextEncoder().encode(big.slice(40_000))];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = new Request(`${BASE}/api/v2/threads`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(streamed);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'payload_too_large' });
    expect(upstream.threadCalls()).toHaveLength(0);
  });

  it('accepts a body just under the limit', async () => {
    const { handler } = await setup();
    const text = 'x'.repeat(64 * 1024 - 20);
    expect((await handler(post({ text }))).status).toBe(201);
  });

  it('refuses other content types with 415', async () => {
    const { handler } = await setup();
    expect((await handler(post({ text: 'hi' }, { 'content-type': 'text/plain' }))).status).toBe(415);
  });

  it.each([
    ['company_id', { text: 'hi', company_id: 'c1' }],
    ['state', { text: 'hi', state: 'COMPLETED' }],
    ['assignee_id', { text: 'hi', assignee_id: 'u1' }],
    ['title', { text: 'hi', title: 42 }],
    ['text', { title: 'no text' }],
    ['text', { text: '   ' }],
    ['pain_level', { text: 'hi', pain_level: 'EXTREME' }],
    ['contact_email', { text: 'hi', contact_email: 'not-an-email' }],
    ['notify_contact', { text: 'hi', notify_contact: 'yes' }],
    ['issue_id', { text: 'up', origin: 'UPVOTE' }],
    ['body', '[1,2]'],
    ['body', '{"text":'],
    // The service cannot store NUL; refused here, it spends no call and none of the key's budget.
    ['text', { text: 'a\u0000b' }],
    ['contact_name', { text: 'hi', contact_email: 'ana@example.com', contact_name: 'A\u0000' }],
    // Nor a lone surrogate, anywhere: at the top level or deep in the page context.
    ['text', { text: 'a\ud800b' }],
    ['title', { text: 'hi', title: '\udc00' }],
    ['metadata.page', { text: 'hi', metadata: { page: '/x\ud83d' } }],
    // A nested __proto__ is refused like a top-level one, not silently dropped.
    ['metadata.__proto__', '{"text":"hi","metadata":{"__proto__":"x"}}'],
    ['__proto__', '{"text":"hi","__proto__":{"x":"y"}}'],
  ])('refuses with 400 naming %s', async (field, body) => {
    const { handler, upstream } = await setup();
    const response = await handler(post(body));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid_request');
    expect(error.details?.issues?.[0]?.path).toBe(field);
    expect(error.message).toContain(field);
    expect(upstream.threadCalls()).toHaveLength(0);
  });

  it('forwards only the allowed fields and forces origin WIDGET', async () => {
    const { handler, upstream } = await setup();
    const body = {
      text: 'The export is slow',
      title: 'Export',
      pain_level: 'HIGH',
      contact_email: 'ana@example.com',
      contact_name: 'Ana',
      project_id: 'p1',
      issue_id: 'i1',
      notify_contact: true,
      origin: 'API',
    };
    const response = await handler(post(body));
    expect(response.status).toBe(201);
    expect((await response.json()).origin).toBe('WIDGET');
    expect(upstream.threadCalls()[0]?.body).toEqual({ ...body, origin: 'WIDGET' });
  });

  it('keeps UPVOTE when it names an issue or project', async () => {
    const { handler, upstream } = await setup();
    expect((await handler(post({ text: 'Upvote', origin: 'UPVOTE', project_id: 'p1' }))).status).toBe(201);
    expect(upstream.threadCalls()[0]?.body).toMatchObject({ origin: 'UPVOTE', project_id: 'p1' });
  });
});

describe('held submissions', () => {
  /** What the service was asked to store, and what the sender was answered. */
  async function sent(handler: FetchHandler, upstream: ReturnType<typeof fakeUpstream>, request: Request) {
    const response = await handler(request);
    return { status: response.status, answer: await response.json(), stored: upstream.threadCalls().at(-1)?.body };
  }

  it.each([
    ['a filled honeypot', 'honeypot', { 'x-hearken-hp': 'http://spam.example' }],
    ['a form sent faster than a person fills it', 'fill_time', { 'x-hearken-fill-ms': '300' }],
    ['a fill time that is no number', 'fill_time', { 'x-hearken-fill-ms': 'soon' }],
  ])('forwards %s held for %s, and answers as if stored normally', async (_label, reason, headers) => {
    const { handler, upstream } = await setup();
    const { status, answer, stored } = await sent(handler, upstream, post({ text: 'buy now' }, headers));
    expect(stored).toEqual({ text: 'buy now', origin: 'WIDGET', moderation: 'held', moderation_reasons: [reason] });
    expect(status).toBe(201);
    expect(answer).toMatchObject({ text: 'buy now', moderation: 'clear', moderation_reasons: [] });
    expect(logged.at(-1)).toMatchObject({ status: 201, held: [reason] });
    expect(logged.at(-1)).not.toHaveProperty('reason');
  });

  it('holds the posts of one address past the rate, and no other address', async () => {
    const { handler, upstream } = await setup({ hold: { rate: { points: 2, duration: 600 } } });
    const send = (ip: string, n: number) => handler(post({ text: `note ${ip} ${n}` }), { clientIp: ip });
    for (let n = 0; n < 3; n++) expect((await send('10.0.0.1', n)).status).toBe(201);
    await send('10.0.0.2', 0);
    const stored = upstream
      .threadCalls()
      .map((call) => (call.body as { moderation_reasons?: string[] }).moderation_reasons);
    expect(stored).toEqual([undefined, undefined, ['rate'], undefined]);
  });

  it('holds the same text again, whatever its case and spacing, from any address', async () => {
    const { handler, upstream } = await setup();
    await handler(post({ text: 'Great product, visit my site' }), { clientIp: '10.0.0.1' });
    const { answer, stored } = await sent(handler, upstream, post({ text: '  great product,\nvisit MY site ' }));
    expect(stored).toMatchObject({ moderation: 'held', moderation_reasons: ['duplicate'] });
    expect(answer.moderation).toBe('clear');
    expect(upstream.threadCalls()[0]?.body).not.toHaveProperty('moderation');
  });

  it('holds text with more links than maxLinks, and counts reasons together', async () => {
    const { handler, upstream } = await setup({ hold: { maxLinks: 1 } });
    await handler(post({ text: 'see https://docs.example/a for the bug' }));
    expect(upstream.threadCalls()[0]?.body).not.toHaveProperty('moderation');
    const text = 'cheap https://a.example www.b.example http://c.example';
    const { stored } = await sent(handler, upstream, post({ text }, { [HONEYPOT_HEADER]: 'x' }));
    expect(stored).toMatchObject({ moderation_reasons: ['honeypot', 'links'] });
  });

  it('gives a retry under the same Idempotency-Key the verdict of its first attempt', async () => {
    const { handler, upstream } = await setup();
    const headers = { 'idempotency-key': 'one-submission', [FILL_TIME_HEADER]: '200' };
    await handler(post({ text: 'pasted text' }, headers));
    await handler(post({ text: 'pasted text' }, { ...headers, [FILL_TIME_HEADER]: '9000' }));
    const [first, retry] = upstream.threadCalls().map((call) => call.body);
    expect(first).toMatchObject({ moderation_reasons: ['fill_time'] });
    // Not `duplicate` too: the service must see the same body to replay its answer.
    expect(retry).toEqual(first);
  });

  it('applies no fill time, rate or duplicate to an upvote, but does hold a filled honeypot', async () => {
    const { handler, upstream } = await setup({ hold: { rate: { points: 1, duration: 600 } } });
    const upvote = { text: '+1', origin: 'UPVOTE', issue_id: 'i1' };
    await handler(post(upvote, { [FILL_TIME_HEADER]: '10' }));
    await handler(post(upvote, { [FILL_TIME_HEADER]: '10' }));
    await handler(post(upvote, { [HONEYPOT_HEADER]: 'bot' }));
    const reasons = upstream
      .threadCalls()
      .map((call) => (call.body as { moderation_reasons?: string[] }).moderation_reasons);
    expect(reasons).toEqual([undefined, undefined, ['honeypot']]);
  });

  it('holds nothing with reasons [], and refuses an unknown reason at start, naming the option', async () => {
    const { handler, upstream } = await setup({ hold: { reasons: [] } });
    await handler(post({ text: 'x' }, { [HONEYPOT_HEADER]: 'bot', [FILL_TIME_HEADER]: '1' }));
    expect(upstream.threadCalls()[0]?.body).toEqual({ text: 'x', origin: 'WIDGET' });
    const error = await setup({ hold: { reasons: ['captcha' as 'links'] } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ProxyConfigError', option: 'hold.reasons' });
    expect((error as Error).message).toContain('hold.reasons.0');
  });

  it('passes the service refusing a held thread on as it is', async () => {
    const upstream = fakeUpstream({ threads: () => envelope(400, 'invalid_input', 'text: too long') });
    const { handler } = await setup({}, upstream);
    const response = await handler(post({ text: 'x' }, { [HONEYPOT_HEADER]: 'bot' }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_input' });
  });

  it('forwards a human-paced submission clear, without the signal headers', async () => {
    const { handler, upstream } = await setup();
    expect((await handler(post({ text: 'hi' }, { 'x-hearken-fill-ms': '8000', 'x-hearken-hp': '' }))).status).toBe(201);
    expect(upstream.threadCalls()[0]?.body).toEqual({ text: 'hi', origin: 'WIDGET' });
    const headers = upstream.threadCalls()[0]?.headers;
    expect(headers?.get('x-hearken-fill-ms')).toBeNull();
    expect(headers?.get('x-hearken-hp')).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits per IP with 429 and Retry-After, from the socket address by default', async () => {
    const { handler, upstream } = await setup({ rateLimit: { perIp: { points: 2, duration: 60 } } });
    const send = (ip: string, forwarded = '') =>
      handler(post({ text: 'hi' }, forwarded ? { 'x-forwarded-for': forwarded } : {}), { clientIp: ip });
    expect((await send('10.0.0.1', '1.1.1.1')).status).toBe(201);
    expect((await send('10.0.0.1', '2.2.2.2')).status).toBe(201);
    const limited = await send('10.0.0.1', '3.3.3.3');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ code: 'rate_limited' });
    expect((await send('10.0.0.2')).status).toBe(201);
    expect(upstream.threadCalls()).toHaveLength(3);
    expect(upstream.threadCalls()[0]?.headers.get('x-forwarded-for')).toBe('10.0.0.1');
  });

  it('trusts X-Forwarded-For only as far as the configured hops', async () => {
    const { handler, upstream } = await setup({ trustProxy: 1, rateLimit: { perIp: { points: 1, duration: 60 } } });
    const send = (forwarded: string) =>
      handler(post({ text: 'hi' }, { 'x-forwarded-for': forwarded }), { clientIp: '10.0.0.9' });
    expect((await send('6.6.6.6, 203.0.113.7')).status).toBe(201);
    expect(upstream.threadCalls()[0]?.headers.get('x-forwarded-for')).toBe('203.0.113.7');
    // A forged leftmost entry does not buy a fresh budget.
    expect((await send('7.7.7.7, 203.0.113.7')).status).toBe(429);
    expect((await send('203.0.113.8')).status).toBe(201);
  });

  it('counts an IPv6 client by its /64, so rotating addresses in it buys nothing; IPv4-mapped is IPv4', async () => {
    const { handler, upstream } = await setup({ rateLimit: { perIp: { points: 2, duration: 60 } } });
    const send = (ip: string) => handler(post({ text: 'hi' }), { clientIp: ip });
    expect((await send('2001:db8:0:1::1')).status).toBe(201);
    expect((await send('2001:0db8:0000:0001:ffff:0:0:2')).status).toBe(201);
    expect((await send('2001:db8:0:1:dead:beef:0:3')).status).toBe(429);
    expect((await send('2001:db8:0:2::1')).status).toBe(201);
    expect((await send('::ffff:203.0.113.7')).status).toBe(201);
    expect((await send('203.0.113.7')).status).toBe(201);
    expect((await send('203.0.113.7')).status).toBe(429);
    // The service still sees the full address.
    expect(upstream.threadCalls()[1]?.headers.get('x-forwarded-for')).toBe('2001:0db8:0000:0001:ffff:0:0:2');
  });

  it("shares the key's budget by /64 too: addresses of one IPv6 network count as one source", async () => {
    // 60 writes a minute less the 10% reserve: one source gets at most a third of it (18).
    const { handler } = await setup({ rateLimit: { perIp: false } });
    let allowed = 0;
    for (let index = 1; index <= 40; index++) {
      const response = await handler(post({ text: 'hi' }), { clientIp: `2001:db8:0:1::${index.toString(16)}` });
      if (response.status === 201) allowed++;
    }
    expect(allowed).toBe(18);
    expect((await handler(post({ text: 'hi' }), { clientIp: '2001:db8:0:2::1' })).status).toBe(201);
  });

  it('limits per verified identity across addresses', async () => {
    const { handler } = await setup({
      identity: { secret: SECRET },
      rateLimit: { perIp: false, perIdentity: { points: 1, duration: 60 } },
    });
    const token = await sign({ email: 'ana@example.com', name: 'Ana' });
    const send = (ip: string) => handler(post({ text: 'hi' }, { authorization: `Bearer ${token}` }), { clientIp: ip });
    expect((await send('10.0.0.1')).status).toBe(201);
    const limited = await send('10.0.0.2');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('forwarding', () => {
  it('forwards the Idempotency-Key and authenticates with the key, not the identity token', async () => {
    const { handler, upstream } = await setup({ identity: { secret: SECRET } });
    const token = await sign({ email: 'ana@example.com' });
    await handler(post({ text: 'hi' }, { 'idempotency-key': 'fb-123', authorization: `Bearer ${token}` }));
    const headers = upstream.threadCalls()[0]?.headers;
    expect(headers?.get('idempotency-key')).toBe('fb-123');
    expect(headers?.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('refuses a malformed Idempotency-Key naming it', async () => {
    const { handler } = await setup();
    const response = await handler(post({ text: 'hi' }, { 'idempotency-key': 'x'.repeat(256) }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details?.issues?.[0]?.path).toBe('Idempotency-Key');
  });

  it('passes an upstream 429 through with its Retry-After', async () => {
    const upstream = fakeUpstream({
      threads: () => envelope(429, 'rate_limited', 'slow down', { 'retry-after': '17' }),
    });
    const { handler } = await setup({}, upstream);
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('17');
  });

  it('passes a 503 of the service (its database away) on with its Retry-After, and nothing it said', async () => {
    const upstream = fakeUpstream({
      threads: () => envelope(503, 'service_unavailable', 'database at 10.0.0.5 down', { 'retry-after': '2' }),
    });
    const { handler } = await setup({}, upstream);
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: 'service_unavailable' });
    expect(error.message).not.toContain('10.0.0.5');
  });

  it('turns an upstream 429 without Retry-After into the wait until the key window resets', async () => {
    const reset = Math.floor(Date.now() / 1000) + 42;
    const upstream = fakeUpstream({
      threads: () =>
        envelope(429, 'rate_limited', 'slow down', {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
        }),
    });
    const { handler } = await setup({}, upstream);
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(41);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(42);
  });

  it('passes the service’s input errors through', async () => {
    const upstream = fakeUpstream({ threads: () => envelope(422, 'idempotency_key_reused', 'other payload') });
    const { handler } = await setup({}, upstream);
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it.each([
    ['a 500 with internals in its body', () => new Response(`db password=hunter2 ${KEY}`, { status: 500 })],
    ['a refused key', () => envelope(401, 'unauthenticated', `key ${KEY} revoked`)],
    ['a non-JSON success', () => new Response('<html>ok</html>', { status: 200 })],
    [
      'a network failure',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('turns %s into a 502 that leaks nothing', async (_label, threads) => {
    const { handler } = await setup({}, fakeUpstream({ threads }));
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toContain('upstream_error');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('revoked');
  });

  it('gives up on a slow service after the timeout', async () => {
    const upstream = fakeUpstream({
      threads: () => new Promise<Response>((resolve) => setTimeout(() => resolve(createdRow({ text: 'late' })), 2_000)),
    });
    const slowFetch: typeof fetch = (input, init) =>
      new Promise((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        upstream.fetch(input, init).then(resolve, reject);
      });
    const { handler } = await setup({ timeout: 50, fetch: slowFetch }, upstream);
    const response = await handler(post({ text: 'hi' }));
    expect(response.status).toBe(502);
    expect(logged.at(-1)).toMatchObject({ reason: 'upstream_timeout' });
  });
});

describe('identity', () => {
  it('sets the contact from the verified claims, overriding the body', async () => {
    const { handler, upstream } = await setup({ identity: { secret: SECRET } });
    const token = await sign({ email: 'ana@example.com', name: 'Ana Verified' });
    const response = await handler(
      post(
        { text: 'hi', contact_email: 'mallory@example.com', contact_name: 'Mallory' },
        { authorization: `Bearer ${token}` },
      ),
    );
    expect(response.status).toBe(201);
    expect(upstream.threadCalls()[0]?.body).toMatchObject({
      contact_email: 'ana@example.com',
      contact_name: 'Ana Verified',
    });
  });

  it('drops a body name when the token has none', async () => {
    const { handler, upstream } = await setup({ identity: { secret: SECRET } });
    const token = await sign({ email: 'ana@example.com' });
    await handler(post({ text: 'hi', contact_name: 'Mallory' }, { authorization: `Bearer ${token}` }));
    expect(upstream.threadCalls()[0]?.body).not.toHaveProperty('contact_name');
  });

  it.each([
    ['expired', () => sign({ email: 'ana@example.com' }, { exp: Math.floor(Date.now() / 1000) - 60 }), /expired/],
    [
      'signed with another secret',
      () => sign({ email: 'ana@example.com' }, { secret: 'another-secret-of-at-least-32-bytes!!' }),
      /not valid/,
    ],
    ['of the wrong algorithm', () => sign({ email: 'ana@example.com' }, { alg: 'HS512' }), /not valid/],
    [
      'tampered',
      async () => {
        const [header, , signature] = (await sign({ email: 'ana@example.com' })).split('.');
        const forged = btoa(JSON.stringify({ email: 'ceo@example.com', exp: 9_999_999_999 })).replace(/=+$/, '');
        return `${header}.${forged}.${signature}`;
      },
      /not valid/,
    ],
    [
      'unsigned (alg none)',
      async () => {
        const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ email: 'ceo@example.com', exp: 9_999_999_999 })}.`;
      },
      /not valid/,
    ],
    [
      'without exp',
      () =>
        new SignJWT({ email: 'a@example.com' })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(SECRET)),
      /not valid/,
    ],
    ['without email', () => sign({ name: 'Ana' }), /email/],
    // RFC 7519 4.1.3: a token naming an audience is not for a proxy that does not identify with it.
    ['meant for another audience', () => sign({ email: 'ana@example.com', aud: 'billing-app' }), /audience/],
  ])('refuses a token %s with 401', async (_label, token, message) => {
    const { handler, upstream } = await setup({ identity: { secret: SECRET } });
    const response = await handler(post({ text: 'hi' }, { authorization: `Bearer ${await token()}` }));
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toMatch(message);
    expect(upstream.threadCalls()).toHaveLength(0);
  });

  it('takes only tokens for its audience when one is configured', async () => {
    const { handler, upstream } = await setup({ identity: { secret: SECRET, audience: 'hearken-feedback' } });
    const send = async (claims: Record<string, unknown>) =>
      (await handler(post({ text: 'hi' }, { authorization: `Bearer ${await sign(claims)}` }))).status;
    expect(await send({ email: 'ana@example.com', aud: 'hearken-feedback' })).toBe(201);
    expect(await send({ email: 'ana@example.com', aud: ['billing-app', 'hearken-feedback'] })).toBe(201);
    expect(await send({ email: 'ana@example.com', aud: 'billing-app' })).toBe(401);
    expect(await send({ email: 'ana@example.com' })).toBe(401);
    expect(upstream.threadCalls()).toHaveLength(2);
  });

  it('refuses anonymous feedback when identity is required', async () => {
    const { handler } = await setup({ identity: { secret: SECRET, required: true } });
    expect((await handler(post({ text: 'hi' }))).status).toBe(401);
    const token = await sign({ email: 'ana@example.com' });
    expect((await handler(post({ text: 'hi' }, { authorization: `Bearer ${token}` }))).status).toBe(201);
  });

  it('refuses a token when no identity secret is configured', async () => {
    const { handler } = await setup();
    const token = await sign({ email: 'ana@example.com' });
    expect((await handler(post({ text: 'hi' }, { authorization: `Bearer ${token}` }))).status).toBe(401);
  });
});

describe('portal reads', () => {
  function portalUpstream() {
    let version = 1;
    const upstream = fakeUpstream({
      portal: (call) => {
        const etag = `"v${version}"`;
        if (call.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
        if (call.url.includes('/unpublished')) {
          return Response.json({ message: 'Workspace not found', code: 'NOT_FOUND' }, { status: 404 });
        }
        return Response.json([{ id: 'p1', name: `Project v${version}` }], { headers: { etag } });
      },
    });
    return { upstream, bump: () => version++ };
  }

  it('caches, sends the ETag and answers 304 to a matching If-None-Match', async () => {
    const { upstream } = portalUpstream();
    const { handler } = await setup({ portal: true }, upstream);
    const get = (headers: Record<string, string> = {}) =>
      handler(new Request(`${BASE}/api/v1/projects/w1?language=de`, { headers: { origin: ORIGIN, ...headers } }));
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"v1"');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await get({ 'if-none-match': '"v1"' })).status).toBe(304);
    expect(upstream.calls.filter((call) => call.url.includes('/api/v1/'))).toHaveLength(1);
    expect(upstream.calls.find((call) => call.url.includes('/api/v1/'))?.url).toBe(
      'http://service.test/api/v1/projects/w1?language=de',
    );
  });

  it('revalidates with the service after max age', async () => {
    const { upstream, bump } = portalUpstream();
    const { handler } = await setup({ portal: { maxAgeSeconds: 0 } }, upstream);
    const get = () => handler(new Request(`${BASE}/api/v1/projects/w1`));
    await get();
    const revalidated = await get();
    expect(revalidated.status).toBe(200);
    expect(upstream.calls.filter((call) => call.headers.get('if-none-match') === '"v1"')).toHaveLength(1);
    bump();
    expect(await (await get()).json()).toEqual([{ id: 'p1', name: 'Project v2' }]);
  });

  it('passes "Workspace not found" through and refuses foreign origins', async () => {
    const { upstream } = portalUpstream();
    const { handler } = await setup({ portal: true }, upstream);
    const missing = await handler(new Request(`${BASE}/api/v1/workspaces/unpublished`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Workspace not found' });
    const foreign = await handler(
      new Request(`${BASE}/api/v1/issues/w1`, { headers: { origin: 'https://evil.example' } }),
    );
    expect(foreign.status).toBe(403);
  });
});

describe('logging', () => {
  it('logs one line per request with status, reason and request id, never the key or token', async () => {
    const { handler } = await setup({ identity: { secret: SECRET } });
    const token = await sign({ email: 'ana@example.com' });
    await handler(post({ text: 'hi' }, { authorization: `Bearer ${token}` }));
    await handler(post({ text: 'hi', company_id: 'c1' }));
    const requests = logged.filter((entry) => entry.event === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ status: 201, method: 'POST', path: '/api/v2/threads', requestId: expect.any(String) }),
      expect.objectContaining({ status: 400, reason: 'invalid_field', level: 'warn' }),
    ]);
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});

describe('client address', () => {
  it('warns once when it cannot tell visitors apart, since they would then share one rate limit', async () => {
    // A route handler as the README shows it: a Fetch Request, no socket address, no header configured.
    const { handler } = await setup();
    await handler(post({ text: 'hi' }));
    await handler(post({ text: 'again' }));
    const warnings = logged.filter((entry) => entry.event === 'client_address_unknown');
    expect(warnings).toEqual([
      expect.objectContaining({ level: 'warn', reason: expect.stringMatching(/clientIpHeader/) }),
    ]);
    logged.length = 0;
    const known = await setup({ clientIpHeader: 'x-real-ip' });
    await known.handler(post({ text: 'hi' }, { 'x-real-ip': '203.0.113.7' }));
    expect(logged.filter((entry) => entry.event === 'client_address_unknown')).toEqual([]);
  });

  it('takes a platform header when configured, and ignores garbage in it', async () => {
    const { handler, upstream } = await setup({ clientIpHeader: 'cf-connecting-ip' });
    await handler(post({ text: 'hi' }, { 'cf-connecting-ip': '2001:db8::7' }), { clientIp: '10.0.0.1' });
    await handler(post({ text: 'hi' }, { 'cf-connecting-ip': 'not an address' }), { clientIp: '10.0.0.1' });
    expect(upstream.threadCalls().map((call) => call.headers.get('x-forwarded-for'))).toEqual([
      '2001:db8::7',
      '10.0.0.1',
    ]);
  });
});
