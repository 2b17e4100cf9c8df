import { createV2Client, isScopeRequiredError, RequestValidationError } from '@hearken/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startDeliveryWorker } from '../src/webhooks/delivery-worker.ts';
import { type Harness, useServer } from './harness.ts';
import { startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('v2 client webhooks', { timeout: 30_000 }, () => {
  it('manages endpoints and deliveries end to end', async () => {
    const client = createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2Full });
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const worker = startDeliveryWorker({ db: h.db, allowLoopback: true, pollIntervalMs: 20 });
    cleanups.push(() => worker.stop());

    const created = await client.webhooks.create({
      url: receiver.url,
      events: ['company.created'],
      description: 'CRM sync',
    });
    expect(created.secret).toMatch(/^whsec_/);
    receiver.secrets.push(created.secret);
    for (const n of [1, 2]) {
      h.clock.now = new Date(h.clock.now.getTime() + 1000);
      await client.webhooks.create({ url: `${receiver.url}${n}`, enabled: false });
    }
    const all = [];
    for await (const endpoint of client.webhooks.iterate({ limit: 1 })) all.push(endpoint);
    expect(all.map((endpoint) => endpoint.description)).toEqual([null, null, 'CRM sync']);

    expect((await client.webhooks.get(created.id)).url).toBe(receiver.url);
    const updated = await client.webhooks.update(created.id, { events: ['company.created', 'thread.created'] });
    expect(updated.events).toEqual(['company.created', 'thread.created']);

    await client.companies.create({ name: 'Hooli' });
    await waitFor(() => receiver.accepted.size === 1, 'the delivery');
    const deliveries = [];
    for await (const delivery of client.webhooks.iterateDeliveries(created.id)) deliveries.push(delivery);
    expect(deliveries).toHaveLength(1);
    await waitFor(
      async () => (await client.webhooks.deliveries(created.id)).data[0]?.status === 'delivered',
      'delivered',
    );

    const again = await client.webhooks.redeliver(created.id, deliveries[0]!.id);
    expect(again.event_id).toBe(deliveries[0]!.event_id);
    await waitFor(() => receiver.receipts.length === 2, 'the redelivery');

    const rotated = await client.webhooks.rotateSecret(created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previous_secret_expires_at).not.toBeNull();

    await client.webhooks.delete(created.id);
    await expect(client.webhooks.get(created.id)).rejects.toMatchObject({ status: 404 });
    await expect(client.webhooks.create({ url: 'ftp://x.example' })).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('reports a key without the admin scope as ScopeRequiredError', async () => {
    const client = createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2ThreadsWrite });
    const error = await client.webhooks.list().catch((e: unknown) => e);
    expect(isScopeRequiredError(error)).toBe(true);
  });
});
