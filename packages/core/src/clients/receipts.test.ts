import { createFakeFetch, json, sequence, v2Error } from '@hearken/test-support';
import { describe, expect, it } from 'vitest';
import { RECEIPTS_MAX } from '../contract/constants.ts';
import { isNotFoundError, isRequestValidationError } from '../contract/errors.ts';
import { createThreadUpdatesReader, withdrawVote } from './receipts.ts';
import { createV2Connection } from './v2.ts';

const baseUrl = 'https://proxy.example.com';
const update = {
  id: 'th_1',
  state: 'PROCESSED',
  updated_at: '2026-10-15T12:00:00.000Z',
  issue: { id: 'is_1', title: 'Dark mode', status: 'In Progress' },
};

describe('thread updates through the key proxy', () => {
  it('sends the receipts as one Authorization header, keeps the ETag and reads a 304 as unchanged', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, { data: [update] }, { etag: '"v1"' }),
        () => json(304, undefined, { etag: '"v1"' }),
      ),
    );
    const read = createThreadUpdatesReader({ baseUrl, fetch: server.fetch });
    const first = await read({ receipts: ['r.one', 'r.two'] });
    expect(first).toEqual({ changed: true, updates: [update], etag: '"v1"' });
    expect(await read({ receipts: ['r.one', 'r.two'] }, { etag: '"v1"' })).toEqual({ changed: false });
    expect(server.calls.map((call) => [call.method, call.url.pathname])).toEqual([
      ['GET', '/api/v2/threads/updates'],
      ['GET', '/api/v2/threads/updates'],
    ]);
    expect(server.calls[0]!.headers.get('authorization')).toBe('Receipt r.one, r.two');
    expect(server.calls[0]!.headers.get('if-none-match')).toBeNull();
    expect(server.calls[1]!.headers.get('if-none-match')).toBe('"v1"');
  });

  it('sends an identity token as a bearer token instead', async () => {
    const server = createFakeFetch(() => json(200, { data: [] }));
    await createThreadUpdatesReader({ baseUrl, fetch: server.fetch })({ identityToken: 'id.token' });
    expect(server.calls[0]!.headers.get('authorization')).toBe('Bearer id.token');
  });

  it('refuses no receipts or more than the cap before sending anything, naming receipts', async () => {
    const server = createFakeFetch(() => json(200, { data: [] }));
    const read = createThreadUpdatesReader({ baseUrl, fetch: server.fetch });
    for (const receipts of [[], Array.from({ length: RECEIPTS_MAX + 1 }, (_, i) => `r${i}`)]) {
      const error = await read({ receipts }).catch((reason: unknown) => reason);
      expect(isRequestValidationError(error)).toBe(true);
      expect(JSON.stringify(error)).toContain('receipts');
    }
    expect(server.calls).toHaveLength(0);
  });
});

describe('withdrawVote', () => {
  it('DELETEs the thread with its receipt, and rejects with NotFoundError when the proxy says 404', async () => {
    const server = createFakeFetch(
      sequence(
        () => new Response(null, { status: 204 }),
        () => v2Error(404, 'not_found'),
      ),
    );
    const connection = createV2Connection({ baseUrl, fetch: server.fetch, retry: 0 });
    await withdrawVote(connection, 'th/1', 'r.one');
    expect([server.calls[0]!.method, server.calls[0]!.url.pathname]).toEqual(['DELETE', '/api/v2/threads/th%2F1']);
    expect(server.calls[0]!.headers.get('authorization')).toBe('Receipt r.one');
    const error = await withdrawVote(connection, 'th_2', 'r.two').catch((reason: unknown) => reason);
    expect(isNotFoundError(error)).toBe(true);
  });
});
