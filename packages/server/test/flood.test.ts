import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/open.ts';
import type { RevocationChannel } from '../src/http/key-cache.ts';
import { createLogger } from '../src/ops/logger.ts';
import { createServerMetrics } from '../src/ops/metrics.ts';
import { createFixture, type Fixture } from './fixture.ts';
import { migratedTemplate } from './pglite-template.ts';

let db: Db;
let fx: Fixture;

beforeAll(async () => {
  db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
  fx = await createFixture(db, new Date('2026-11-01T12:00:00.000Z'));
}, 120_000);
afterAll(() => db?.close());

type App = ReturnType<typeof createServer>;

/** `GET /api/v2/me` with `key`, from `remoteAddress`, as the Node adapter hands it to the app. */
async function me(app: App, key: string, remoteAddress: string, headers: Record<string, string> = {}) {
  const response = await app.fetch(
    new Request('http://server.test/api/v2/me', { headers: { authorization: `Bearer ${key}`, ...headers } }),
    { incoming: { socket: { remoteAddress } } },
  );
  return response.status;
}

const madeUp = (i: number) => `cfs_v2_${String(i).padStart(32, 'x')}`;

async function flood(app: App, remoteAddress: string, count: number, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await me(app, madeUp(i), remoteAddress, headers));
  return statuses;
}

describe('a flood of made-up keys from one address', () => {
  it('never refuses a valid key from that address, whether verified before the flood or first seen during it', async () => {
    const app = createServer({ db, limits: { unauthenticated: 3, windowSeconds: 60 } });
    expect(await me(app, fx.a.keys.v2Full, '198.51.100.1')).toBe(200);
    const statuses = await flood(app, '198.51.100.1', 20);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    expect(await me(app, fx.a.keys.v2Full, '198.51.100.1')).toBe(200);
    // A key this process never verified, first used from the flooded address: on the list of live keys.
    expect(await me(app, fx.b.keys.v2Full, '198.51.100.1')).toBe(200);
    // A revoked key from there is one more request without a valid key.
    expect(await me(app, fx.a.keys.v2Revoked, '198.51.100.1')).toBe(429);
  });

  it('reads the database for no made-up key past the limit, and for no valid key verified in the last seconds', async () => {
    const app = createServer({ db, limits: { unauthenticated: 2, windowSeconds: 60 } });
    expect(await me(app, fx.a.keys.v2Full, '198.51.100.2')).toBe(200);
    await flood(app, '198.51.100.2', 3);
    // The list of live keys, read once the first time a flood needs it.
    await me(app, madeUp(99), '198.51.100.2');
    const reads = vi.spyOn(db.orm, 'select');
    try {
      expect(await flood(app, '198.51.100.2', 50)).toEqual(Array(50).fill(429));
      for (let i = 0; i < 5; i++) expect(await me(app, fx.a.keys.v2Full, '198.51.100.2')).toBe(200);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('forgets a revoked key at once where a revocation is announced, and within the lifetime elsewhere', async () => {
    const listeners: ((keyId: string) => void)[] = [];
    const revocations: RevocationChannel = {
      async publish(keyId) {
        for (const listener of listeners) listener(keyId);
      },
      subscribe: (listener) => listeners.push(listener),
    };
    const told = createServer({ db, keys: { seconds: 60, revocations } });
    const untold = createServer({ db, keys: { seconds: 1 } });
    const reads = vi.spyOn(db.orm, 'select');
    try {
      expect(await me(told, fx.a.keys.v2Full, '198.51.100.3')).toBe(200);
      expect(await me(told, fx.a.keys.v2Full, '198.51.100.3')).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
    expect(await me(untold, fx.a.keys.v2Full, '198.51.100.3')).toBe(200);
    const { apiKeys } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const { hashSecret } = await import('../src/keys.ts');
    const [row] = await db.orm
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.secretHash, hashSecret(fx.a.keys.v2Full)))
      .returning({ id: apiKeys.id });
    try {
      // Still trusted within its lifetime until told...
      expect(await me(told, fx.a.keys.v2Full, '198.51.100.3')).toBe(200);
      await revocations.publish(row!.id);
      expect(await me(told, fx.a.keys.v2Full, '198.51.100.3')).toBe(401);
      // ...and refused once the lifetime is over where nobody tells.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await me(untold, fx.a.keys.v2Full, '198.51.100.3')).toBe(401);
    } finally {
      await db.orm.update(apiKeys).set({ revokedAt: null }).where(eq(apiKeys.id, row!.id));
    }
  });

  it('keeps at most `size` verified keys, least recently used forgotten first', async () => {
    const app = createServer({ db, keys: { size: 1, seconds: 60 } });
    const reads = vi.spyOn(db.orm, 'select');
    try {
      await me(app, fx.a.keys.v2Full, '198.51.100.4');
      await me(app, fx.b.keys.v2Full, '198.51.100.4');
      await me(app, fx.b.keys.v2Full, '198.51.100.4');
      expect(reads).toHaveBeenCalledTimes(2);
      await me(app, fx.a.keys.v2Full, '198.51.100.4');
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('--trust-proxy', () => {
  const behind = { 'x-forwarded-for': '203.0.113.50, 10.0.0.9' };

  it('counts each client behind the proxy apart when set, so one client flooding locks out no other', async () => {
    const app = createServer({ db, trustProxy: 1, limits: { unauthenticated: 2, windowSeconds: 60 } });
    expect(await flood(app, '10.0.0.1', 5, { 'x-forwarded-for': '203.0.113.50, 10.0.0.9' })).toEqual([
      401, 401, 429, 429, 429,
    ]);
    // Another client through the same proxy has its own allowance.
    expect(await flood(app, '10.0.0.1', 2, { 'x-forwarded-for': '10.0.0.10' })).toEqual([401, 401]);
    // Without the header, the proxy's own address.
    expect(await flood(app, '10.0.0.1', 2)).toEqual([401, 401]);
  });

  it('ignores X-Forwarded-For when unset, and when the trusted entry is not an address', async () => {
    const direct = createServer({ db, limits: { unauthenticated: 2, windowSeconds: 60 } });
    expect(await flood(direct, '10.0.0.2', 3, behind)).toEqual([401, 401, 429]);
    // A client naming itself a new address each time gains nothing.
    expect(await me(direct, madeUp(1), '10.0.0.2', { 'x-forwarded-for': '192.0.2.77' })).toBe(429);
    const trusting = createServer({ db, trustProxy: 1, limits: { unauthenticated: 2, windowSeconds: 60 } });
    expect(await flood(trusting, '10.0.0.3', 3, { 'x-forwarded-for': 'not-an-ip' })).toEqual([401, 401, 429]);
    expect(await me(trusting, madeUp(1), '10.0.0.3', { 'x-forwarded-for': '<script>' })).toBe(429);
  });

  it('names the client in the request log and counts refusals by reason in /metrics', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ format: 'json', destination });
    const metrics = createServerMetrics(db);
    const app = createServer({
      db,
      trustProxy: 1,
      limits: { unauthenticated: 2, windowSeconds: 60, reads: 1 },
      operate: { logger, metrics },
    });
    await flood(app, '10.0.0.4', 4, behind);
    await me(app, fx.a.keys.v1Admin, '10.0.0.4', behind);
    await me(app, fx.a.keys.v2Full, '10.0.0.5');
    await me(app, fx.a.keys.v2Full, '10.0.0.5');
    await app.fetch(new Request('http://server.test/api/v2/me'), {
      incoming: { socket: { remoteAddress: '10.0.0.6' } },
    });
    const clients = lines.map((line) => (JSON.parse(line) as { client?: string }).client);
    expect(clients.slice(0, 5)).toEqual(Array(5).fill('10.0.0.9'));
    expect(clients.at(-1)).toBe('10.0.0.6');
    const text = await metrics.registry.metrics();
    expect(text).toContain('hearken_auth_refusals_total{reason="unknown_key"} 2');
    expect(text).toContain('hearken_auth_refusals_total{reason="address_limit"} 3');
    expect(text).toContain('hearken_auth_refusals_total{reason="key_limit"} 1');
    expect(text).toContain('hearken_auth_refusals_total{reason="no_key"} 1');
  });
});
