import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, type Harness, type Json, useServer } from './harness.ts';

const h = useServer();

/** One raw HTTP/1.1 exchange, for requests fetch refuses to send (a backslash path, a bad Host). */
async function rawExchange(harness: Harness, head: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(harness.url);
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const [headers = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body };
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('hostile input', () => {
  it('a body nested 4,000 levels deep is 400 naming the cause, on v2 and v1', async () => {
    const v2 = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, raw: nested(4000) });
    expect(v2.status).toBe(400);
    expect(v2.body.error.code).toBe('invalid_request');
    expect(v2.body.error.details.issues[0].message).toMatch(/nested too deeply/);
    const v1 = await call(h, 'PATCH', `/api/v1/insights/${h.fx.a.threadIds[0]}`, {
      key: h.fx.a.keys.v1Admin,
      raw: `{"title":"x","notify":${nested(4000)}}`,
    });
    expect(v1.status).toBe(400);
    expect(v1.body.code).toBe('BAD_REQUEST');
    expect(v1.body.issues[0].message).toMatch(/^notify\.a\.a.*nested too deeply/);
  });

  it('a NUL deep inside a body is found and named', async () => {
    const response = await call(h, 'POST', `/api/v1/insights/${h.fx.a.threadIds[0]}/messages`, {
      key: h.fx.a.keys.v1Admin,
      body: { content: 'hi', cc: [{ email: 'a@example.com', name: 'x\u0000' }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: Json) => issue.message)).toContain(
      'cc.0.name: must not contain NUL characters',
    );
  });

  it('a lone surrogate anywhere in a body is 400 naming the field, never a 500: thread metadata, changelog notes, v1', async () => {
    const count = async () => JSON.stringify(await h.db.orm.execute(sql`select count(*)::int as n from threads`));
    const before = await count();
    for (const [path, body, field] of [
      ['/api/v2/threads', { text: 'hi', metadata: { page: 'x\ud800' } }, 'metadata.page'],
      ['/api/v2/threads', { text: 'hi\udc00' }, 'text'],
      ['/api/v2/changelogs', { title: 'Dark mode', notes: 'At \ud83d last' }, 'notes'],
      [
        '/api/v2/changelogs',
        { title: 'Dark mode', notes: { type: 'doc', content: [{ type: 'text', text: '\udfff' }] } },
        'notes.content.0.text',
      ],
    ] as const) {
      const reply = await call(h, 'POST', path, { key: h.fx.a.keys.v2Full, body });
      expect(reply.status).toBe(400);
      expect(reply.body.error.code).toBe('invalid_request');
      expect(reply.body.error.details.issues[0]).toEqual({
        path: field,
        message: expect.stringContaining('lone surrogate'),
      });
    }
    const v1 = await call(h, 'PATCH', `/api/v1/insights/${h.fx.a.threadIds[0]}`, {
      key: h.fx.a.keys.v1Admin,
      body: { title: 'a\ud800' },
    });
    expect(v1.status).toBe(400);
    expect(v1.body.issues[0].message).toMatch(/^title: .*lone surrogate/);
    expect(await count()).toBe(before);
  });

  it('a nested __proto__ key is refused as an unknown property, like a top-level one', async () => {
    for (const [raw, field] of [
      ['{"text":"hi","__proto__":{"x":1}}', '__proto__'],
      ['{"text":"hi","metadata":{"__proto__":"x"}}', 'metadata.__proto__'],
      ['{"text":"hi","metadata":{"page":"p","__proto__":{"polluted":"1"}}}', 'metadata.__proto__'],
    ] as const) {
      const reply = await call(h, 'POST', '/api/v2/threads', { key: h.fx.a.keys.v2Full, raw });
      expect(reply.status).toBe(400);
      expect(reply.body.error.details.issues[0]).toEqual({ path: field, message: 'unknown property' });
    }
  });

  it('a backslash in the path is 400 in the format of its API generation', async () => {
    const v2 = await rawExchange(h, `GET /api/v2\\threads HTTP/1.1\r\nHost: 127.0.0.1`);
    expect(v2.status).toBe(400);
    expect(v2.headers).toContain('content-type: application/json');
    const v2Body = JSON.parse(v2.body);
    expect(v2Body.error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/Backslash/i) });
    expect(v2Body.error.details.issues).toEqual([{ path: '(path)', message: 'is not a valid request path' }]);
    expect(v2.headers).toContain(`x-request-id: ${v2Body.error.request_id}`.toLowerCase());
    const v1 = await rawExchange(h, `GET /api/v1/contacts\\x HTTP/1.1\r\nHost: 127.0.0.1`);
    expect(v1.status).toBe(400);
    expect(JSON.parse(v1.body)).toEqual({
      message: expect.stringMatching(/Backslash/i),
      code: 'BAD_REQUEST',
      issues: [{ message: '(path): is not a valid request path' }],
    });
  });

  it('a bad Host header is 400 in the format of its API generation', async () => {
    const v2 = await rawExchange(h, 'GET /api/v2/me HTTP/1.1\r\nHost: exa mple.com');
    expect(v2.status).toBe(400);
    expect(JSON.parse(v2.body).error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [{ path: 'host', message: 'is not a valid Host header' }] },
    });
    const v1 = await rawExchange(h, 'GET /api/v1/contacts HTTP/1.1\r\nHost: a/b');
    expect(v1.status).toBe(400);
    expect(JSON.parse(v1.body)).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ message: 'host: is not a valid Host header' }],
    });
  });

  it('path and query parameters are checked by the same middleware, naming the parameter in each format', async () => {
    const v2 = await call(h, 'GET', '/api/v2/threads/a%00b', { key: h.fx.a.keys.v2Full });
    expect(v2.status).toBe(400);
    expect(v2.body.error.details.issues).toEqual([{ path: 'id', message: 'must not contain NUL characters' }]);
    const v1 = await call(h, 'GET', `/api/v1/contacts/${'x'.repeat(256)}`, { key: h.fx.a.keys.v1Admin });
    expect(v1.status).toBe(400);
    expect(v1.body).toEqual({
      message: expect.any(String),
      code: 'BAD_REQUEST',
      issues: [{ message: 'idOrEmail: must be at most 255 characters' }],
    });
    const limit = await call(h, 'GET', '/api/v2/threads?limit=0&tab=nope', { key: h.fx.a.keys.v2Full });
    expect(limit.status).toBe(400);
    expect(limit.body.error.details.issues.map((issue: Json) => issue.path).sort()).toEqual(['limit', 'tab']);
  });

  it('a query value the database cannot hold is 400 naming the parameter, never a 500 (a fuzz seed found it)', async () => {
    for (const query of ['status=%00', 'project_id=a%00b']) {
      const reply = await call(h, 'GET', `/api/v2/issues?${query}`, { key: h.fx.a.keys.v2Full });
      expect(reply.status).toBe(400);
      expect(reply.body.error.details.issues).toEqual([
        { path: query.split('=')[0], message: 'must not contain NUL characters' },
      ]);
    }
  });

  it('headers too large for the HTTP parser are 431 naming the headers, in the format of the path', async () => {
    const huge = `Bearer ${'a'.repeat(20_000)}`;
    const v2 = await call(h, 'GET', '/api/v2/me', { headers: { authorization: huge } });
    expect(v2.status).toBe(431);
    expect(v2.body.error.details.issues).toEqual([{ path: '(headers)', message: 'are too large' }]);
    expect(v2.body.error.request_id).toBe(v2.headers.get('x-request-id'));
    const v1 = await call(h, 'GET', '/api/v1/contacts', { headers: { authorization: huge } });
    expect(v1.status).toBe(431);
    expect(v1.body.issues).toEqual([{ message: '(headers): are too large' }]);
  });

  it('requests the server cannot read carry the X-RateLimit headers of their address, each counted against it', async () => {
    const remaining = (headers: string) => [
      /x-ratelimit-limit: (\d+)/.exec(headers)?.[1],
      /x-ratelimit-remaining: (\d+)/.exec(headers)?.[1],
      Number(/x-ratelimit-reset: (\d+)/.exec(headers)?.[1]) > Date.now() / 1000,
    ];
    const backslash = await rawExchange(h, `GET /api/v2\\threads HTTP/1.1\r\nHost: 127.0.0.1`);
    expect([backslash.status, ...remaining(backslash.headers)]).toEqual([400, '100', '99', true]);
    const host = await rawExchange(h, 'POST /api/v2/threads HTTP/1.1\r\nHost: exa mple.com');
    expect([host.status, ...remaining(host.headers)]).toEqual([400, '100', '98', true]);
    const huge = await rawExchange(h, `GET /api/v2/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}`);
    expect([huge.status, ...remaining(huge.headers)]).toEqual([431, '100', '97', true]);
    expect(JSON.parse(huge.body).error.code).toBe('headers_too_large');
    const framing = await rawExchange(h, 'POST /api/v2/threads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x');
    expect([framing.status, ...remaining(framing.headers)]).toEqual([400, '100', '96', true]);
    // A request without a key from the same address counts on from there.
    const keyless = await call(h, 'GET', '/api/v2/me');
    expect([keyless.status, keyless.headers.get('x-ratelimit-remaining')]).toEqual([401, '95']);
  });

  it('a v2 413 carries the X-RateLimit headers every v2 response carries', async () => {
    const response = await call(h, 'POST', '/api/v2/threads', {
      key: h.fx.a.keys.v2Full,
      body: { text: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-request-id']) {
      expect(response.headers.get(name), name).toMatch(/\S/);
    }
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
