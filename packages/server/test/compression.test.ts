import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.ts';
import { useServer } from './harness.ts';

const h = useServer();

/** A project name long and varied enough that the portal read passes the 1 KB threshold. */
const LONG_NAME = Array.from({ length: 120 }, (_, i) => `step ${i} of the plan`).join(', ');

const get = (path: string, headers: Record<string, string>) => fetch(`${h.url}${path}`, { headers });

describe('compression on the wire', () => {
  it('answers the API document with brotli or gzip as the client accepts, and as it is otherwise', async () => {
    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const document = await br.json();
    expect(document.openapi).toMatch(/^3\./);
    const gzip = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.json()).toEqual(document);
    const plain = await get('/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(document);
  });

  it('leaves small answers (under 1 KB) as they are', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('compresses the reference page and its script, and keeps 304s right for each encoding', async () => {
    const page = await get('/reference/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(page.headers.get('content-encoding')).toBe('br');

    await h.db.orm.update(projects).set({ name: LONG_NAME }).where(eq(projects.id, h.fx.a.projectId));
    const path = `/api/v1/projects/${h.fx.a.workspaceId}`;
    const plain = await get(path, { 'accept-encoding': 'identity' });
    const strong = plain.headers.get('etag');
    expect(strong).toMatch(/^"/);
    expect(JSON.stringify(await plain.json())).toContain(LONG_NAME);

    const br = await get(path, { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(`W/${strong}`);
    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': `W/${strong}` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(`W/${strong}`);
    const plainAgain = await get(path, { 'accept-encoding': 'identity', 'if-none-match': strong! });
    expect(plainAgain.status).toBe(304);
    expect(plainAgain.headers.get('etag')).toBe(strong);
  });
});
