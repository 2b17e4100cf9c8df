import { createPortalConnection, createV2Client, listPublishedChangelogs, type V2Changelog } from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../../server/test/pglite-template.ts';
import { isProxyConfigError } from '../config/errors.ts';
import { type RunningProxy, startProxy } from '../node/start-proxy.ts';

// The real reference server (in-memory, demo seed: published entries, one draft, one archived).
let server: RunningServer;
let proxy: RunningProxy;
const ORIGIN = 'http://shop.example';

beforeAll(async () => {
  server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate(), seed: 'demo' });
  proxy = await startProxy({
    upstream: server.url,
    apiKey: server.seed!.keys.v2ProxyChangelog,
    allowedOrigins: [ORIGIN],
    portal: { maxAgeSeconds: 0, changelog: true },
  });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

const admin = () => createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
async function every(state: 'published' | 'all'): Promise<V2Changelog[]> {
  const rows: V2Changelog[] = [];
  for await (const row of admin().changelogs.iterate({ state })) rows.push(row);
  return rows;
}
const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${proxy.url}/api/v2/changelogs${query}`, { headers: { origin: ORIGIN, ...headers } });

describe('the published changelog through the key proxy', () => {
  it('refuses to start asking for the changelog with a key that lacks changelogs:read, naming the scope', async () => {
    const error = await startProxy({
      upstream: server.url,
      apiKey: server.seed!.keys.v2ThreadsWrite,
      allowedOrigins: [ORIGIN],
      portal: { changelog: true },
    }).catch((e: unknown) => e);
    expect(isProxyConfigError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'missing_scope', scopes: ['threads:write'] });
    expect((error as Error).message).toContain('"changelogs:read"');
    // And a key carrying it is too broad for a proxy that does not serve the changelog.
    const broad = await startProxy({
      upstream: server.url,
      apiKey: server.seed!.keys.v2ProxyChangelog,
      allowedOrigins: [ORIGIN],
      portal: true,
    }).catch((e: unknown) => e);
    expect(broad).toMatchObject({ reason: 'broad_key' });
  });

  it('pages through the published entries only, without a key in the browser', async () => {
    const connection = createPortalConnection({ baseUrl: proxy.url });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, page } = await listPublishedChangelogs(connection, { limit: 5, ...(cursor ? { cursor } : {}) });
      expect(data.length).toBeLessThanOrEqual(5);
      seen.push(...data.map((row) => row.id));
      cursor = page.has_more ? page.cursor! : undefined;
    } while (cursor);
    const published = await every('published');
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(seen).toEqual(published.map((row) => row.id));
    const hidden = (await every('all')).filter((row) => !row.published || row.archived);
    expect(hidden.map((row) => [row.published, row.archived]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);
    for (const row of hidden) expect(seen).not.toContain(row.id);
  });

  it('ignores a state or any other filter: still the published entries', async () => {
    const published = (await every('published')).map((row) => row.id);
    for (const query of ['?state=all', '?state=draft', '?state=archived&published=false']) {
      const reply = await get(query);
      expect(reply.status, query).toBe(200);
      const body = (await reply.json()) as { data: V2Changelog[] };
      expect(
        body.data.map((row) => row.id),
        query,
      ).toEqual(published);
    }
  });

  it('never shows a draft, even under a cursor made with another state', async () => {
    const first = await admin().changelogs.list({ state: 'all', limit: 1 });
    const reply = await get(`?cursor=${encodeURIComponent(first.page.cursor!)}&limit=200`);
    expect(reply.status).toBe(200);
    const { data } = (await reply.json()) as { data: V2Changelog[] };
    expect(data.length).toBeGreaterThan(0);
    for (const row of data) expect([row.published, row.archived]).toEqual([true, false]);
  });

  it('sends the ETag and answers 304 while it matches; a new entry changes it', async () => {
    const first = await get('?limit=3');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=0');
    expect(first.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await get('?limit=3', { 'if-none-match': tag! })).status).toBe(304);
    const added = await admin().changelogs.create({ title: 'Fresh', notes: '<p>New</p>', published: true });
    const after = await get('?limit=3', { 'if-none-match': tag! });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: V2Changelog[] }).data[0]?.id).toBe(added.id);
  });

  it('refuses a bad limit or cursor with 400 naming it, and writes nothing', async () => {
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=many', 'limit'],
      ['?cursor=', 'cursor'],
      [`?cursor=${'c'.repeat(2000)}`, 'cursor'],
      ['?cursor=forged.cursor', 'cursor'],
    ]) {
      const reply = await get(query!);
      expect(reply.status, query).toBe(400);
      const { error } = (await reply.json()) as { error: { code: string; details: { issues: { path: string }[] } } };
      expect(error.code).toBe('invalid_request');
      expect(error.details.issues[0]?.path).toBe(field);
    }
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const reply = await fetch(`${proxy.url}/api/v2/changelogs`, {
        method,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Sneaky', notes: 'x', published: true }),
      });
      expect(reply.status, method).toBe(404);
    }
    expect((await every('all')).some((row) => row.title === 'Sneaky')).toBe(false);
  });

  it('is not served without the option: 404 in the v2 envelope', async () => {
    const plain = await startProxy({
      upstream: server.url,
      apiKey: server.seed!.keys.v2ThreadsWrite,
      allowedOrigins: [ORIGIN],
      portal: true,
    });
    try {
      const reply = await fetch(`${plain.url}/api/v2/changelogs`);
      expect(reply.status).toBe(404);
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('not_found');
    } finally {
      await plain.close();
    }
  });
});
