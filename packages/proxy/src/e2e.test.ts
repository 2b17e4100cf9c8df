import { createV2Client } from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import { Window } from 'happy-dom';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../server/test/pglite-template.ts';
import { type RunningProxy, startProxy } from './node/start-proxy.ts';

// http: the test servers listen on plain-HTTP loopback, and an https page may not call them.
const ORIGIN = 'http://shop.example';
const SECRET = 'e2e-identity-secret-of-at-least-32-bytes';

let server: RunningServer;
let proxy: RunningProxy;
let browser: Window;

beforeAll(async () => {
  server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate(), seed: 'demo' });
  proxy = await startProxy({
    upstream: server.url,
    apiKey: server.seed!.keys.v2ThreadsWrite,
    allowedOrigins: [ORIGIN],
    identity: { secret: SECRET },
    portal: true,
  });
  // A page on the customer's site: its fetch sends Origin and enforces CORS like a browser.
  browser = new Window({ url: `${ORIGIN}/pricing` });
}, 60_000);

afterAll(async () => {
  await browser?.happyDOM.close();
  await proxy?.close();
  await server?.close();
});

/**
 * A page's fetch. The client runs in Node here: the Node Request it hands over goes to the page as
 * plain values, and the page's answer comes back as a Node Response, as between realms in a browser.
 */
const pageFetch =
  (page: Window): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' ? undefined : await request.text();
    const answer = await page.fetch(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(body === undefined ? {} : { body }),
    });
    const text = await answer.text();
    return new Response(text === '' ? null : text, {
      status: answer.status,
      statusText: answer.statusText,
      headers: Object.fromEntries(answer.headers),
    });
  };
const browserFetch = () => pageFetch(browser);
const admin = () => createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
/** Id of the newest thread: lists are newest first, so any new thread would take its place. */
const newest = async () => (await admin().threads.list({ limit: 1 })).data[0]?.id;

describe('feedback from a browser, through the proxy, to the reference server', () => {
  it('stores a WIDGET thread with the verified contact and nothing beyond the allowed fields', async () => {
    const token = await new SignJWT({ email: 'verified@customer.example', name: 'Vera Verified' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    const client = createV2Client({
      baseUrl: proxy.url,
      fetch: browserFetch(),
      headers: { Authorization: `Bearer ${token}` },
    });
    const input = {
      text: 'Checkout forgets my coupon',
      title: 'Coupon lost',
      pain_level: 'HIGH',
      contact_email: 'forged@attacker.example',
      contact_name: 'Forged',
      origin: 'API',
    } as const;
    const created = await client.threads.create(input, { idempotencyKey: 'e2e-submission-1' });
    const stored = await admin().threads.get(created.id);
    expect(stored).toMatchObject({
      id: created.id,
      text: 'Checkout forgets my coupon',
      title: 'Coupon lost',
      pain_level: 'HIGH',
      origin: 'WIDGET',
      state: 'NEW',
      contact: { email: 'verified@customer.example', name: 'Vera Verified' },
      company_id: null,
      assignee_id: null,
      project_id: null,
      issue_id: null,
      snoozed_until: null,
    });
    // The same submission again (a retry after a lost response) is not stored twice.
    const again = await client.threads.create(input, { idempotencyKey: 'e2e-submission-1' });
    expect(again.id).toBe(created.id);
  });

  it('refuses fields a browser may not set, naming them, and stores nothing', async () => {
    const before = await newest();
    const response = await browserFetch()(`${proxy.url}/api/v2/threads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Make me the assignee', assignee_id: 'someone' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { issues: { path: string }[] } } };
    expect(body.error.details.issues[0]?.path).toBe('assignee_id');
    expect(await newest()).toBe(before);
  });

  it.each([
    ['pain_level', { text: 'x', pain_level: 'EXTREME' }],
    ['contact_email', { text: 'x', contact_email: 'not-an-email' }],
  ])('refuses a bad %s with the message the service itself gives', async (field, input) => {
    const send = (base: string, headers: Record<string, string>) =>
      fetch(`${base}/api/v2/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(input),
      });
    const proxied = await send(proxy.url, { origin: ORIGIN });
    const direct = await send(server.url, { authorization: `Bearer ${server.seed!.keys.v2Full}` });
    expect([proxied.status, direct.status]).toEqual([400, 400]);
    const [own, service] = (await Promise.all([proxied.json(), direct.json()])) as { error: { message: string } }[];
    expect(own!.error.message).toBe(service!.error.message);
    expect(own!.error.message.startsWith(`${field}: `)).toBe(true);
  });

  it('stores what it suspects held, answers it as if stored normally, and an operator releases it', async () => {
    const before = await newest();
    const client = createV2Client({ baseUrl: proxy.url, fetch: browserFetch() });
    // A person who pasted a prepared text and sent it 0.7 s later, with a password manager in the honeypot.
    const answer = await client.threads.create(
      { text: 'Export to CSV drops the last row', contact_email: 'paste@example.com' },
      { headers: { 'X-Hearken-Hp': 'paste@example.com', 'X-Hearken-Fill-Ms': '700' } },
    );
    expect(answer).toMatchObject({ origin: 'WIDGET', moderation: 'clear', moderation_reasons: [] });
    expect(await admin().threads.get(answer.id)).toMatchObject({
      text: 'Export to CSV drops the last row',
      contact: { email: 'paste@example.com' },
      moderation: 'held',
      moderation_reasons: ['honeypot', 'fill_time'],
    });
    expect(await newest()).toBe(before);
    expect((await admin().threads.list({ moderation: 'held' })).data.map((row) => row.id)).toContain(answer.id);
    expect(await admin().threads.release([answer.id])).toEqual({ data: [answer.id], not_found: [] });
    expect(await newest()).toBe(answer.id);
  });

  it('records an upvote on a real issue with origin UPVOTE', async () => {
    const portal = await browserFetch()(`${proxy.url}/api/v1/issues/${server.seed!.workspaceId}`);
    expect(portal.status).toBe(200);
    expect(portal.headers.get('etag')).toBeTruthy();
    const [issue] = (await portal.json()) as { id: string; upvotes: number }[];
    const client = createV2Client({ baseUrl: proxy.url, fetch: browserFetch() });
    const vote = await client.threads.create({ text: 'Upvote', origin: 'UPVOTE', issue_id: issue!.id });
    expect(await admin().threads.get(vote.id)).toMatchObject({ origin: 'UPVOTE', issue_id: issue!.id });
  });

  it('is unreachable from a page on another origin', async () => {
    const elsewhere = new Window({ url: 'http://evil.example/' });
    try {
      const client = createV2Client({
        baseUrl: proxy.url,
        fetch: pageFetch(elsewhere),
      });
      // The proxy refuses the preflight without CORS headers, so the browser never sends the POST.
      const before = await newest();
      await expect(client.threads.create({ text: 'From elsewhere' })).rejects.toMatchObject({ name: 'NetworkError' });
      expect(await newest()).toBe(before);
    } finally {
      await elsewhere.happyDOM.close();
    }
  });
});

describe('start-up check against the reference server', () => {
  it.each([
    ['v1', 'v1_key'],
    ['v2Full', 'broad_key'],
  ] as const)('refuses the %s key', async (key, reason) => {
    await expect(
      startProxy({ upstream: server.url, apiKey: server.seed!.keys[key], allowedOrigins: [ORIGIN] }),
    ).rejects.toMatchObject({ name: 'ProxyConfigError', reason });
  });

  it('refuses an unknown key', async () => {
    await expect(
      startProxy({ upstream: server.url, apiKey: `cfs_v2_${'Q'.repeat(32)}`, allowedOrigins: [ORIGIN] }),
    ).rejects.toMatchObject({ reason: 'invalid_key' });
  });
});
