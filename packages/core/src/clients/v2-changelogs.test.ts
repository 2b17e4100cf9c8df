import { changelogPage, createFakeFetch, json, sequence, v2Changelog } from '@hearken/test-support';
import { describe, expect, it } from 'vitest';
import { isRequestValidationError, isScopeRequiredError } from '../contract/errors.ts';
import { createV2Client } from './v2.ts';

const baseUrl = 'https://api.example.com';
const apiKey = `cfs_v2_${'a'.repeat(32)}`;
const client = (fetch: typeof globalThis.fetch) => createV2Client({ baseUrl, apiKey, fetch });

describe('v2 client changelogs', () => {
  it('list: GET /api/v2/changelogs with state, limit and cursor, and the bearer key', async () => {
    const page = changelogPage([v2Changelog()], 'c2', 10);
    const server = createFakeFetch(() => json(200, page));
    expect(await client(server.fetch).changelogs.list({ state: 'draft', limit: 10 })).toEqual(page);
    const call = server.calls[0]!;
    expect(call.url.pathname).toBe('/api/v2/changelogs');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ state: 'draft', limit: '10' });
    expect(call.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it('list refuses an unknown state naming the field, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, changelogPage([])));
    const error = await client(server.fetch)
      // @ts-expect-error: not a state
      .changelogs.list({ state: 'deleted' })
      .catch((e: unknown) => e);
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field: 'state' });
    expect(server.calls).toHaveLength(0);
  });

  it('iterate: every entry once, the state on the first request only, then the cursor', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, changelogPage([v2Changelog('cl_3'), v2Changelog('cl_2')], 'next', 2)),
        () => json(200, changelogPage([v2Changelog('cl_1')], null, 2)),
      ),
    );
    const ids: string[] = [];
    for await (const entry of client(server.fetch).changelogs.iterate({ state: 'all', limit: 2 })) ids.push(entry.id);
    expect(ids).toEqual(['cl_3', 'cl_2', 'cl_1']);
    expect(server.calls.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { state: 'all', limit: '2' },
      { cursor: 'next', limit: '2' },
    ]);
  });

  it('get, create and update: paths, bodies and an Idempotency-Key on each write', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, v2Changelog('a/b')),
        () => json(201, v2Changelog('cl_2', { published: false })),
        () => json(200, v2Changelog('cl_2', { archived: true })),
      ),
    );
    const v2 = client(server.fetch);
    expect((await v2.changelogs.get('a/b')).id).toBe('a/b');
    const input = { title: 'Dark mode', notes: { type: 'doc' as const, content: [] }, version: 3 };
    expect((await v2.changelogs.create(input)).published).toBe(false);
    expect((await v2.changelogs.update('cl_2', { archived: true, image_url: null })).archived).toBe(true);
    const [get, create, update] = server.calls;
    expect(get!.url.pathname).toBe('/api/v2/changelogs/a%2Fb');
    expect([create!.method, create!.url.pathname, create!.body]).toEqual(['POST', '/api/v2/changelogs', input]);
    expect([update!.method, update!.url.pathname, update!.body]).toEqual([
      'PATCH',
      '/api/v2/changelogs/cl_2',
      { archived: true, image_url: null },
    ]);
    expect(create!.headers.get('idempotency-key')).toBeTruthy();
    expect(update!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('create refuses what the service would refuse, naming the field, sending nothing', async () => {
    const server = createFakeFetch(() => json(201, v2Changelog()));
    const v2 = client(server.fetch);
    const cases: [unknown, string][] = [
      [{ notes: '<p>x</p>' }, 'title'],
      [{ title: '', notes: '<p>x</p>' }, 'title'],
      [{ title: 'x'.repeat(256), notes: '<p>x</p>' }, 'title'],
      [{ title: 'Release' }, 'notes'],
      [{ title: 'Release', notes: '' }, 'notes'],
      [{ title: 'Release', notes: 'x', image_url: 'http://cdn.example.com/a.png' }, 'image_url'],
      [{ title: 'Release', notes: 'x', image_url: 'data:image/png;base64,AAAA' }, 'image_url'],
      [{ title: 'Release', notes: 'x', date: '2026-02-30T00:00:00Z' }, 'date'],
      [{ title: 'Release', notes: 'x', archived: true }, 'archived'],
    ];
    for (const [input, field] of cases) {
      // @ts-expect-error: bad input on purpose
      const error = await v2.changelogs.create(input).catch((e: unknown) => e);
      expect(isRequestValidationError(error), JSON.stringify(input)).toBe(true);
      expect(error, JSON.stringify(input)).toMatchObject({ field });
    }
    expect(server.calls).toHaveLength(0);
  });

  it('a key without the scope gets ScopeRequiredError with the required scope', async () => {
    const server = createFakeFetch(() =>
      json(403, {
        error: {
          code: 'scope_required',
          message: 'This key lacks changelogs:write',
          details: { required: ['changelogs:write'], granted: ['changelogs:read'] },
          request_id: 'req_1',
        },
      }),
    );
    const error = await client(server.fetch)
      .changelogs.update('cl_1', { published: true })
      .catch((e: unknown) => e);
    expect(isScopeRequiredError(error)).toBe(true);
    expect(error).toMatchObject({ required: ['changelogs:write'] });
  });
});
