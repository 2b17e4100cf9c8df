import { changelogPage, createFakeFetch, json, v2Changelog } from '@hearken/test-support';
import { describe, expect, it } from 'vitest';
import { isNotFoundError, isRequestValidationError } from '../contract/errors.ts';
import type { PublishedChangelogsParams } from '../contract/schemas/changelogs.ts';
import { createPortalConnection, listPublishedChangelogs } from './portal.ts';

const baseUrl = 'https://proxy.example.com';

describe('listPublishedChangelogs', () => {
  it('reads GET /api/v2/changelogs with limit and cursor, without any key', async () => {
    const page = changelogPage([v2Changelog('cl_2'), v2Changelog('cl_1')], 'c2', 2);
    const server = createFakeFetch(() => json(200, page));
    const connection = createPortalConnection({ baseUrl, fetch: server.fetch });
    expect(await listPublishedChangelogs(connection, { limit: 2, cursor: 'c1' })).toEqual(page);
    const [call] = server.calls;
    expect(call?.url.pathname).toBe('/api/v2/changelogs');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ limit: '2', cursor: 'c1' });
    expect(call?.headers.has('authorization')).toBe(false);
  });

  it('keeps each page with its ETag: the same page again sends If-None-Match and a 304 returns it', async () => {
    const server = createFakeFetch((request) =>
      request.headers.get('if-none-match') === '"p1"'
        ? json(304)
        : json(200, changelogPage([v2Changelog()]), { etag: '"p1"' }),
    );
    const connection = createPortalConnection({ baseUrl, fetch: server.fetch });
    const first = await listPublishedChangelogs(connection, { limit: 5 });
    expect(await listPublishedChangelogs(connection, { limit: 5 })).toBe(first);
    await listPublishedChangelogs(connection, { limit: 6 });
    expect(server.calls.map((call) => [call.url.search, call.headers.get('if-none-match')])).toEqual([
      ['?limit=5', null],
      ['?limit=5', '"p1"'],
      ['?limit=6', null],
    ]);
  });

  it('refuses a filter or a bad limit naming the field, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, changelogPage([])));
    const connection = createPortalConnection({ baseUrl, fetch: server.fetch });
    const cases: [unknown, string][] = [
      [{ state: 'all' }, 'state'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ cursor: '' }, 'cursor'],
    ];
    for (const [params, field] of cases) {
      const error = await listPublishedChangelogs(connection, params as PublishedChangelogsParams).catch(
        (e: unknown) => e,
      );
      expect(isRequestValidationError(error)).toBe(true);
      expect(error).toMatchObject({ field });
    }
    expect(server.calls).toHaveLength(0);
  });

  it('a proxy that does not serve it answers 404: NotFoundError', async () => {
    const server = createFakeFetch(() =>
      json(404, { error: { code: 'not_found', message: 'Not found', request_id: 'r1' } }),
    );
    const error = await listPublishedChangelogs(createPortalConnection({ baseUrl, fetch: server.fetch })).catch(
      (e: unknown) => e,
    );
    expect(isNotFoundError(error)).toBe(true);
  });
});
