import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { type Db, openDatabase } from '../src/db/open.ts';
import { threads } from '../src/db/schema.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/webhook-tables.ts';
import { newId } from '../src/ids.ts';
import { createRandom } from '../src/seed/prng.ts';
import { claimDueDeliveries } from '../src/webhooks/delivery-queue.ts';
import {
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  startDeliveryWorker,
} from '../src/webhooks/delivery-worker.ts';
import { createFixture } from './fixture.ts';
import { call, type Harness, useServer } from './harness.ts';
import { migratedTemplate } from './pglite-template.ts';
import { type Receiver, startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const fast: Partial<DeliveryWorkerOptions> = {
  allowLoopback: true,
  pollIntervalMs: 20,
  timeoutMs: 2000,
  retry: { baseDelayMs: 5, factor: 2, maxDelayMs: 40, maxAttempts: 200 },
};

function worker(db: Db, options: Partial<DeliveryWorkerOptions> = {}): DeliveryWorker {
  const started = startDeliveryWorker({ ...fast, ...options, db });
  cleanups.push(() => started.stop());
  return started;
}

async function register(receiver: Receiver, events: string[]): Promise<string> {
  const created = await call(h, 'POST', '/api/v2/webhooks', {
    key: h.fx.a.keys.v2Full,
    body: { url: receiver.url, events },
  });
  expect(created.status).toBe(201);
  receiver.secrets.push(created.body.secret);
  return created.body.id;
}

async function receiver(port?: number): Promise<Receiver & { rejected: number }> {
  const started = await startReceiver(port);
  cleanups.push(() => started.close());
  return started;
}

/** `n` live threads in workspace A, inserted directly (the events come from updating them). */
async function manyThreads(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId());
  await h.db.orm.insert(threads).values(
    ids.map((id) => ({
      id,
      workspaceId: h.fx.a.workspaceId,
      text: `thread ${id}`,
      state: 'NEW' as const,
      painLevel: 'UNKNOWN' as const,
      origin: 'API',
      createdAt: h.clock.now,
      updatedAt: h.clock.now,
    })),
  );
  return ids;
}

/** Each bulk update of 100 threads toggles their state: 100 `thread.updated` events a call. */
async function toggleStates(ids: string[], rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const reply = await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: h.fx.a.keys.v2Full,
      body: { ids, set: { state: round % 2 === 0 ? 'PROCESSED' : 'NEW' } },
    });
    expect(reply.status).toBe(200);
  }
}

async function eventIds(db: Db): Promise<Set<string>> {
  const rows = await db.orm.select({ id: webhookEvents.id }).from(webhookEvents);
  return new Set(rows.map((row) => row.id));
}

describe('webhook delivery', { timeout: 180_000 }, () => {
  it('a receiver that is down and comes back gets every event', async () => {
    const first = await receiver();
    const port = Number(new URL(first.url).port);
    const endpointId = await register(first, ['company.created']);
    await first.close();
    worker(h.db);
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      expect((await call(h, 'POST', '/api/v2/companies', { key: h.fx.a.keys.v2Full, body: { name } })).status).toBe(
        201,
      );
    }
    // Let several attempts fail against the closed port.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const back = await receiver(port);
    back.secrets.push(...first.secrets);
    await waitFor(() => back.accepted.size === 5, 'every event after the receiver is back');
    const names = [...back.accepted.values()].map((event) => event.data.name).sort();
    expect(names).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(new Set(back.accepted.keys())).toEqual(await eventIds(h.db));
    const deliveries = await call(h, 'GET', `/api/v2/webhooks/${endpointId}/deliveries`, { key: h.fx.a.keys.v2Full });
    for (const row of deliveries.body.data) {
      expect(row.status).toBe('delivered');
      expect(row.attempts).toBeGreaterThan(1);
    }
  });

  it('an event committed by a server that stopped before delivering it is delivered after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearken-webhooks-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const target = await receiver();
    let db = await openDatabase({ data: dir, template: await migratedTemplate() });
    const fx = await createFixture(db, h.clock.now);
    // This server runs no delivery worker: it commits, answers and stops.
    const app = createServer({ db, webhooks: { allowLoopback: true } });
    const headers = { authorization: `Bearer ${fx.a.keys.v2Full}`, 'content-type': 'application/json' };
    const endpoint = await app.request('/api/v2/webhooks', {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: target.url, events: ['company.created'] }),
    });
    target.secrets.push(((await endpoint.json()) as { secret: string }).secret);
    const company = await app.request('/api/v2/companies', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Durable' }),
    });
    expect(company.status).toBe(201);
    await db.close();

    db = await openDatabase({ data: dir });
    cleanups.push(() => db.close());
    worker(db);
    await waitFor(() => target.accepted.size === 1, 'the delivery after the restart');
    expect([...target.accepted.values()][0]!.data.name).toBe('Durable');
  });

  it('a delivery claimed by a worker that died mid-attempt is sent again once its lease runs out', async () => {
    const target = await receiver();
    await register(target, ['company.created']);
    await call(h, 'POST', '/api/v2/companies', { key: h.fx.a.keys.v2Full, body: { name: 'Orphan' } });
    // A worker claims the attempt and its process dies before sending it.
    const [claimed] = await claimDueDeliveries(h.db.orm, { limit: 10, now: new Date(), leaseMs: 40_000 });
    expect(claimed?.attempts).toBe(1);
    // A live worker leaves it alone while the lease holds...
    worker(h.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(target.receipts).toHaveLength(0);
    // ...and sends it once the lease has run out (a clock 41 s ahead).
    worker(h.db, { clock: () => new Date(Date.now() + 41_000) });
    await waitFor(() => target.accepted.size === 1, 'the orphaned delivery');
    expect([...target.accepted.values()][0]!.data.name).toBe('Orphan');
  });

  it('loses nothing over a seeded run of 1,000 events with random receiver failures; duplicates only repeat a webhook-id', async () => {
    const target = await receiver();
    await register(target, ['thread.updated']);
    const random = createRandom(16);
    // 25% refused with 500, 10% taken but answered 500 (so sent again), 5% dropped unanswered.
    target.respond = () => {
      const roll = random.next();
      return roll < 0.25 ? 500 : roll < 0.35 ? 599 : roll < 0.4 ? 0 : 204;
    };
    const taken = new Map<string, number>();
    const respond = target.respond;
    target.respond = (receipt) => {
      const status = respond(receipt);
      // "Taken but answered 500": the receiver has processed it, yet the service sees a failure.
      if (status === 599) {
        taken.set(receipt.id, (taken.get(receipt.id) ?? 0) + 1);
        return 500;
      }
      return status;
    };
    worker(h.db, { concurrency: 8 });
    worker(h.db, { concurrency: 8 });
    await toggleStates(await manyThreads(100), 10);

    const ids = await eventIds(h.db);
    expect(ids.size).toBe(1000);
    await waitFor(() => target.accepted.size === 1000, 'all 1,000 events', 150_000);
    expect(new Set(target.accepted.keys())).toEqual(ids);
    // Every request was one of the events, and every copy of an event is byte-identical.
    const bodies = new Map<string, string>();
    for (const receipt of target.receipts) {
      expect(ids.has(receipt.id)).toBe(true);
      expect(bodies.get(receipt.id) ?? receipt.body).toBe(receipt.body);
      bodies.set(receipt.id, receipt.body);
    }
    expect(target.receipts.length).toBeGreaterThan(1100);
    expect(taken.size).toBeGreaterThan(50);
    expect(target.rejected).toBe(0);
  });

  it('prunes finished events past their retention, with their deliveries, on its cadence; keeps one still being retried', async () => {
    const live = await register(await receiver(), ['company.created']);
    const off = await register(await receiver(), ['company.created']);
    await h.db.orm.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, off));
    let now = new Date('2026-11-20T12:00:00.000Z');
    const DAY = 24 * 60 * 60 * 1000;
    /** An event `ageDays` old with one delivery per endpoint, in the given states. */
    const event = async (
      ageDays: number,
      deliveries: [endpointId: string, status: 'pending' | 'delivered' | 'failed'][],
    ) => {
      const id = `msg_${newId().replaceAll('-', '')}`;
      const createdAt = new Date(now.getTime() - ageDays * DAY);
      await h.db.orm
        .insert(webhookEvents)
        .values({ id, workspaceId: h.fx.a.workspaceId, type: 'company.created', body: '{}', createdAt });
      await h.db.orm.insert(webhookDeliveries).values(
        deliveries.map(([endpointId, status]) => ({
          id: newId(),
          workspaceId: h.fx.a.workspaceId,
          endpointId,
          eventId: id,
          status,
          attempts: 3,
          // A pending one is not due for a day: this worker keeps it pending throughout.
          nextAttemptAt: status === 'pending' ? new Date(now.getTime() + DAY) : null,
          createdAt,
        })),
      );
      return id;
    };
    const delivered = await event(11, [[live, 'delivered']]);
    const failed = await event(11, [
      [live, 'failed'],
      [off, 'failed'],
    ]);
    const stranded = await event(11, [[off, 'pending']]);
    const retrying = await event(11, [
      [live, 'delivered'],
      [live, 'pending'],
    ]);
    const recent = await event(9, [[live, 'delivered']]);
    expect(await eventIds(h.db)).toEqual(new Set([delivered, failed, stranded, retrying, recent]));

    const running = worker(h.db, { retentionDays: 10, pruneIntervalMs: 60_000, clock: () => now });
    await waitFor(async () => (await eventIds(h.db)).size === 2, 'the first pruning');
    expect(await eventIds(h.db)).toEqual(new Set([retrying, recent]));
    const [left] = await h.db.orm.select({ n: count() }).from(webhookDeliveries);
    expect(left?.n).toBe(3);

    // The next pass comes a prune interval later, not at every poll.
    const later = await event(12, [[live, 'delivered']]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await eventIds(h.db)).toContain(later);
    now = new Date(now.getTime() + 61_000);
    running.wake();
    await waitFor(async () => !(await eventIds(h.db)).has(later), 'the second pruning');
    expect(await eventIds(h.db)).toEqual(new Set([retrying, recent]));
  });

  it('refuses a retention that is not a positive number of days, naming it', () => {
    for (const retentionDays of [0, -1, Number.NaN]) {
      expect(() => startDeliveryWorker({ db: h.db, retentionDays })).toThrow(
        /^retentionDays must be a positive number/,
      );
    }
  });

  it('two workers on one database send each attempt once (FOR UPDATE SKIP LOCKED claims)', async () => {
    const target = await receiver();
    await register(target, ['thread.updated']);
    // On PostgreSQL each worker gets its own connection pool, as separate server processes would.
    const url = process.env.HEARKEN_TEST_DATABASE_URL;
    const second = url ? await openDatabase({ databaseUrl: url }) : h.db;
    if (url) cleanups.push(() => second.close());
    await toggleStates(await manyThreads(100), 3);
    worker(h.db, { concurrency: 6 });
    worker(second, { concurrency: 6 });
    await waitFor(() => target.accepted.size === 300, 'all 300 events');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(target.receipts).toHaveLength(300);
    expect(new Set(target.receipts.map((receipt) => receipt.id)).size).toBe(300);
    const [pending] = await h.db.orm
      .select({ n: count() })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'thread.updated'));
    expect(pending?.n).toBe(300);
  });
});
