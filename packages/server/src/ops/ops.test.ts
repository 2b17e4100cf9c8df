import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../test/fixture.ts';
import { migratedTemplate } from '../../test/pglite-template.ts';
import { createServer } from '../app.ts';
import { type Db, openDatabase } from '../db/open.ts';
import { createLogger } from './logger.ts';
import { createServerMetrics } from './metrics.ts';

let db: Db;
let fx: Fixture;
const now = new Date('2026-11-01T12:00:00.000Z');

beforeAll(async () => {
  db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
  fx = await createFixture(db, now);
}, 60_000);
afterAll(() => db.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

/** Every line a logger wrote, parsed. */
function logLines() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { destination, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz with 200 while the database is migrated and reachable', async () => {
    const app = createServer({ db });
    const health = await app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('is unready with 503 when the database lacks the migrations, and when it is gone', async () => {
    const bare = await openDatabase({ data: 'memory', template: await migratedTemplate() });
    await bare.orm.execute(sql`drop schema drizzle cascade`);
    const unmigrated = await createServer({ db: bare }).request('/readyz');
    expect(unmigrated.status).toBe(503);
    expect(await unmigrated.json()).toEqual({ status: 'unready', checks: { database: 'not_migrated' } });
    await bare.close();
    const closed = await createServer({ db: bare }).request('/readyz');
    expect(closed.status).toBe(503);
    expect(await closed.json()).toEqual({ status: 'unready', checks: { database: 'unreachable' } });
    // Liveness does not depend on the database.
    expect((await createServer({ db: bare }).request('/healthz')).status).toBe(200);
  }, 60_000);

  it('checks Redis when rate limits are kept there, and says it is unreachable', async () => {
    // Port 9 (discard) has no Redis: the client cannot connect.
    const redis = new Redis('redis://127.0.0.1:9', { enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', () => {});
    try {
      const ready = await createServer({ db, limits: { redis } }).request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unready', checks: { database: 'ok', redis: 'unreachable' } });
    } finally {
      redis.disconnect();
    }
  });
});

describe('metrics', () => {
  it('counts requests by route template and status, never by raw URL, with latency and 429 refusals', async () => {
    const metrics = createServerMetrics(db, () => now);
    const app = createServer({ db, limits: { reads: 2 }, operate: { metrics } });
    const threadId = fx.a.threadIds[0]!;
    for (let i = 0; i < 3; i++) await app.request(`/api/v2/threads/${threadId}`, { headers: bearer(fx.a.keys.v2Full) });
    await app.request('/no/such/path/abc123');
    const text = await (await app.request('/metrics')).text();
    expect(text).toContain('hearken_http_requests_total{route="/api/v2/threads/:id",method="GET",status="200"} 2');
    expect(text).toContain('hearken_http_requests_total{route="/api/v2/threads/:id",method="GET",status="429"} 1');
    expect(text).toContain('hearken_http_requests_total{route="unmatched",method="GET",status="404"} 1');
    expect(text).toContain('hearken_rate_limit_refusals_total{class="read"} 1');
    expect(text).toContain('hearken_http_request_duration_seconds_count{route="/api/v2/threads/:id",method="GET"} 3');
    expect(text).not.toContain(threadId);
    expect(text).not.toContain('abc123');
  });

  it('reports pending webhook deliveries and the age of the oldest, read from the database', async () => {
    const metrics = createServerMetrics(db, () => new Date(Date.now() + 90_000));
    const app = createServer({ db, webhooks: { allowLoopback: true }, operate: { metrics } });
    const endpoint = await app.request('/api/v2/webhooks', {
      method: 'POST',
      headers: bearer(fx.b.keys.v2Full),
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['company.created'] }),
    });
    expect(endpoint.status).toBe(201);
    const company = await app.request('/api/v2/companies', {
      method: 'POST',
      headers: bearer(fx.b.keys.v2Full),
      body: JSON.stringify({ name: 'Pending' }),
    });
    expect(company.status).toBe(201);
    const text = await (await app.request('/metrics')).text();
    expect(text).toMatch(/^hearken_webhook_deliveries_pending 1$/m);
    const age = Number(/^hearken_webhook_oldest_pending_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(200);
  });

  it('asks for the bearer token when one is set, and keeps one registry per server', async () => {
    const first = createServerMetrics(db);
    const second = createServerMetrics(db);
    const app = createServer({ db, operate: { metrics: first, metricsToken: 'scrape-secret' } });
    await app.request('/healthz');
    const refused = await app.request('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const allowed = await app.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/plain');
    expect(await allowed.text()).toContain('hearken_http_requests_total{route="/healthz",method="GET",status="200"} 1');
    expect(await second.registry.metrics()).not.toContain('route="/healthz"');
  });

  it('leaves /metrics off the app when they are served on a port of their own', async () => {
    const app = createServer({ db, operate: { metrics: createServerMetrics(db), metricsRoute: false } });
    expect((await app.request('/metrics')).status).toBe(404);
  });
});

describe('request logs', () => {
  it('writes one JSON line per request with its id, route, status and duration, and never a key or a body', async () => {
    const output = logLines();
    const logger = createLogger({ format: 'json', destination: output.destination });
    const app = createServer({ db, operate: { logger } });
    const marker = 'a-private-remark-7f3a';
    const created = await app.request('/api/v2/threads', {
      method: 'POST',
      headers: { ...bearer(fx.a.keys.v2Full), cookie: 'session=cookie-value-9d2c', 'x-request-id': 'trace-42' },
      body: JSON.stringify({ text: marker }),
    });
    expect(created.status).toBe(201);
    await app.request('/api/v2/threads', { method: 'POST', headers: bearer('cfs_v2_not-a-key'), body: '{}' });
    const entries = output.entries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      msg: 'request',
      requestId: 'trace-42',
      method: 'POST',
      route: '/api/v2/threads',
      status: 201,
    });
    expect(typeof entries[0]!.durationMs).toBe('number');
    expect(entries[1]).toMatchObject({ status: 401, method: 'POST' });
    const all = output.lines.join('\n');
    for (const secret of [marker, fx.a.keys.v2Full, 'cfs_v2_not-a-key', 'cookie-value-9d2c']) {
      expect(all).not.toContain(secret);
    }
  });

  it('lays the same entries out for a person in the pretty format', () => {
    const output = logLines();
    const logger = createLogger({ format: 'pretty', destination: output.destination });
    logger.info({ requestId: 'req-1', route: '/api/v2/threads', status: 201, token: 'tok-secret' }, 'request');
    const text = output.lines.join('\n');
    expect(text).toMatch(/INFO.*request/);
    expect(text).toContain('route: "/api/v2/threads"');
    expect(text).not.toContain('tok-secret');
    expect(() => JSON.parse(output.lines[0]!)).toThrow();
  });

  it('blanks secrets a caller hands the logger by mistake', () => {
    const output = logLines();
    const logger = createLogger({ format: 'json', destination: output.destination });
    logger.info({ authorization: 'Bearer cfs_v2_secret', headers: { cookie: 'c' }, body: { text: 'private' } }, 'oops');
    const line = output.lines.join('\n');
    expect(line).not.toMatch(/cfs_v2_secret|private|"c"/);
    expect(output.entries()[0]).toMatchObject({ authorization: '[redacted]', body: '[redacted]' });
  });
});
