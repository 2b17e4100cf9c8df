import { createFakeFetch, json } from '@hearken/test-support';
import { describe, expect, it } from 'vitest';
import { isRequestValidationError } from '../contract/errors.ts';
import { createV2Client } from './v2.ts';

const client = (fetch: typeof globalThis.fetch) =>
  createV2Client({ baseUrl: 'https://api.example.com', apiKey: `cfs_v2_${'a'.repeat(32)}`, fetch });

describe('webhooks list parameters', () => {
  it('refuse a limit outside 1-200, as every v2 list does, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, { data: [], page: { cursor: null, has_more: false, limit: 50 } }));
    const webhooks = client(server.fetch).webhooks;
    for (const run of [
      () => webhooks.list({ limit: 201 }),
      () => webhooks.list({ limit: 0 }),
      () => webhooks.deliveries('wh_1', { limit: 500 }),
    ]) {
      const error = await run().catch((e: unknown) => e);
      expect(isRequestValidationError(error) && error.field).toBe('limit');
    }
    expect(server.calls).toHaveLength(0);
    await webhooks.list({ limit: 200 });
    expect(server.calls[0]?.url.search).toBe('?limit=200');
  });
});

describe('webhooks iterate', () => {
  it('refuses a cursor or an unknown parameter, which it would otherwise drop silently', async () => {
    const server = createFakeFetch(() => json(200, { data: [], page: { cursor: null, has_more: false, limit: 50 } }));
    const webhooks = client(server.fetch).webhooks;
    const drain = async (rows: AsyncIterable<unknown>) => {
      for await (const _ of rows);
    };
    for (const [run, field] of [
      [() => drain(webhooks.iterate({ cursor: 'c1' } as never)), 'cursor'],
      [() => drain(webhooks.iterate({ limt: 5 } as never)), 'limt'],
      [() => drain(webhooks.iterateDeliveries('wh_1', { limit: 201 })), 'limit'],
    ] as const) {
      const error = await run().catch((e: unknown) => e);
      expect(isRequestValidationError(error) && error.field).toBe(field);
    }
    expect(server.calls).toHaveLength(0);
  });
});
