import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../test/fixture.ts';
import { migratedTemplate } from '../../test/pglite-template.ts';
import { createServer } from '../app.ts';
import { type Db, openDatabase } from '../db/open.ts';
import { webhookDeliveries } from '../db/webhook-tables.ts';
import { claimDueDeliveries } from './delivery-queue.ts';
import { startDeliveryWorker } from './delivery-worker.ts';

let db: Db;
let fx: Fixture;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  db = await openDatabase({ data: 'memory', template: await migratedTemplate() });
  fx = await createFixture(db, new Date());
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await db.close();
});

/** Registers a receiver for company.created in the key's workspace and creates a company: one pending delivery to it. */
async function oneDelivery(key: string, receiverUrl: string, name: string): Promise<string> {
  const app = createServer({ db, webhooks: { allowLoopback: true } });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const endpoint = await app.request('/api/v2/webhooks', {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: receiverUrl, events: ['company.created'] }),
  });
  const { id } = (await endpoint.json()) as { id: string };
  await app.request('/api/v2/companies', { method: 'POST', headers, body: JSON.stringify({ name }) });
  return id;
}

const listening = async (server: Server | ReturnType<typeof createTcpServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
};

const waitFor = async (condition: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('the delivery worker', () => {
  it('tells each recorded attempt outcome', async () => {
    const receiver = createHttpServer((_request, response) => response.writeHead(204).end());
    closers.push(() => receiver.close());
    const endpointId = await oneDelivery(fx.a.keys.v2Full, await listening(receiver), 'Counted');
    const outcomes: string[] = [];
    const worker = startDeliveryWorker({
      db,
      allowLoopback: true,
      pollIntervalMs: 50,
      onAttempt: (o) => outcomes.push(o),
    });
    await waitFor(async () => outcomes.length > 0);
    await worker.stop();
    expect(outcomes).toEqual(['delivered']);
    const [row] = await db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(row?.status).toBe('delivered');
  });

  it('hands back the claims of attempts still in flight when its stop grace runs out', async () => {
    // A receiver that takes the connection and never answers.
    const sockets = new Set<Socket>();
    const receiver = createTcpServer((socket) => sockets.add(socket));
    closers.push(() => {
      for (const socket of sockets) socket.destroy();
      receiver.close();
    });
    const endpointId = await oneDelivery(fx.b.keys.v2Full, await listening(receiver), 'Stuck');
    const outcomes: string[] = [];
    const worker = startDeliveryWorker({
      db,
      allowLoopback: true,
      pollIntervalMs: 50,
      timeoutMs: 60_000,
      onAttempt: (o) => outcomes.push(o),
    });
    const delivery = async () =>
      (await db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)))[0]!;
    await waitFor(async () => (await delivery()).attempts === 1 && sockets.size > 0);
    const stopped = performance.now();
    await worker.stop({ graceMs: 200 });
    expect(performance.now() - stopped).toBeLessThan(5_000);
    const row = await delivery();
    expect(row.status).toBe('pending');
    // Due now, not when the 90 s lease would have run out: the next worker takes it at once.
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const [claimed] = await claimDueDeliveries(db.orm, { limit: 10, now: new Date(), leaseMs: 1_000 });
    expect(claimed?.id).toBe(row.id);
    expect(outcomes).toEqual([]);
  });
});
