import {
  createPortalConnection,
  createThreadUpdatesReader,
  createThreadWithTicket,
  createV2Client,
  createV2Connection,
  isNotFoundError,
  listIssues,
  PROXY_RECEIPT_HEADER,
  RECEIPTS_MAX,
  withdrawVote,
} from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import { Window } from 'happy-dom';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../../server/test/pglite-template.ts';
import type { ProxyLogEntry } from '../config/options.ts';
import { type RunningProxy, startProxy } from '../node/start-proxy.ts';
import { receiptSecretFromKey } from './secret.ts';

// http: the test servers listen on plain-HTTP loopback, and an https page may not call them.
const ORIGIN = 'http://shop.example';
const IDENTITY_SECRET = 'e2e-identity-secret-of-at-least-32-bytes';

let server: RunningServer;
let proxy: RunningProxy;
let browser: Window;

beforeAll(async () => {
  server = await startServer({ port: 0, data: 'memory', template: await migratedTemplate(), seed: 'demo' });
  proxy = await startProxy({
    upstream: server.url,
    apiKey: server.seed!.keys.v2ProxyMessages,
    allowedOrigins: [ORIGIN],
    portal: { changelog: true },
    messages: { ticketSecret: 'e2e-ticket-secret-of-at-least-32-bytes!' },
    identity: { secret: IDENTITY_SECRET },
    minFillMs: 0,
    rateLimit: { perIp: false, keyBudget: false },
    hold: { reasons: [] },
  });
  browser = new Window({ url: `${ORIGIN}/roadmap` });
}, 60_000);

afterAll(async () => {
  await browser?.happyDOM.close();
  await proxy?.close();
  await server?.close();
});

/** A page's fetch, which sends Origin and enforces CORS (exposed headers included) like a browser. */
const pageFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.text();
  const answer = await browser.fetch(request.url, {
    method: request.method,
    headers: Object.fromEntries(request.headers),
    ...(body === undefined ? {} : { body }),
  });
  const text = await answer.text();
  return new Response(text === '' || answer.status === 304 || answer.status === 204 ? null : text, {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
  });
};

const connection = () => createV2Connection({ baseUrl: proxy.url, fetch: pageFetch, retry: 0 });
const reader = () => createThreadUpdatesReader({ baseUrl: proxy.url, fetch: pageFetch, retry: 0 });
const admin = () => createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full, retry: 0 });
const issues = () => listIssues(createPortalConnection({ baseUrl: server.url }), server.seed!.workspaceId);
/** A request as a page on ORIGIN sends it, without a page's HTTP cache (which would keep a 304 for itself). */
const fromOrigin: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  request.headers.set('origin', ORIGIN);
  return fetch(request);
};
/** The proxy's answer to a raw request from the page. */
const raw = (path: string, init: RequestInit = {}, base = proxy.url) => fromOrigin(`${base}${path}`, init);

describe('receipts through the key proxy, against the reference server', () => {
  it('a sent thread reads back as only its id, state, updated_at and issue, with an ETag and 304', async () => {
    const { thread, receipt } = await createThreadWithTicket(connection(), { text: 'Export to CSV, please' });
    expect(receipt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const read = createThreadUpdatesReader({ baseUrl: proxy.url, fetch: fromOrigin, retry: 0 });
    const first = await read({ receipts: [receipt!] });
    expect(first).toEqual({
      changed: true,
      updates: [{ id: thread.id, state: 'NEW', updated_at: thread.updated_at, issue: null }],
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    const etag = first.changed ? first.etag : undefined;
    expect(await read({ receipts: [receipt!] }, { etag })).toEqual({ changed: false });
    // The team moves it: the same receipt now reads the new state under a new ETag.
    await admin().threads.bulkUpdate([thread.id], { state: 'PROCESSED' });
    const moved = await read({ receipts: [receipt!] }, { etag });
    expect(moved.changed && moved.updates[0]?.state).toBe('PROCESSED');
    expect(moved.changed && moved.etag).not.toBe(etag);
  });

  it('an upvote reads back with its issue in the workspace words, and is withdrawn once with its receipt', async () => {
    const before = (await issues()).find((issue) => issue.upvotes > 0)!;
    const { thread, receipt } = await createThreadWithTicket(connection(), {
      text: `Upvote: ${before.title}`,
      origin: 'UPVOTE',
      issue_id: before.id,
    });
    expect((await issues()).find((issue) => issue.id === before.id)?.upvotes).toBe(before.upvotes + 1);
    const read = await reader()({ receipts: [receipt!] });
    expect(read.changed && read.updates[0]?.issue).toEqual({
      id: before.id,
      title: before.title,
      status: before.status,
    });

    await withdrawVote(connection(), thread.id, receipt!);
    expect((await issues()).find((issue) => issue.id === before.id)?.upvotes).toBe(before.upvotes);
    expect(await reader()({ receipts: [receipt!] })).toMatchObject({ changed: true, updates: [] });
    const again = await withdrawVote(connection(), thread.id, receipt!).catch((error: unknown) => error);
    expect(isNotFoundError(again)).toBe(true);
  });

  it('takes back nothing but an upvote, and only with the receipt of that thread', async () => {
    const feedback = await createThreadWithTicket(connection(), { text: 'Keep this one' });
    const notAVote = await withdrawVote(connection(), feedback.thread.id, feedback.receipt!).catch((e: unknown) => e);
    expect(isNotFoundError(notAVote)).toBe(true);
    const vote = await createThreadWithTicket(connection(), {
      text: 'Upvote',
      origin: 'UPVOTE',
      issue_id: (await issues())[0]!.id,
    });
    const crossed = await raw(`/api/v2/threads/${vote.thread.id}`, {
      method: 'DELETE',
      headers: { authorization: `Receipt ${feedback.receipt}` },
    });
    expect(crossed.status).toBe(403);
    const missing = await raw(`/api/v2/threads/${vote.thread.id}`, { method: 'DELETE' });
    expect(missing.status).toBe(401);
    const ids = (await admin().threads.list({ limit: 200 })).data.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([feedback.thread.id, vote.thread.id]));
  });

  it('refuses forged, expired, malformed and too many receipts with a 4xx naming the problem, never a 5xx', async () => {
    const { thread, receipt } = await createThreadWithTicket(connection(), { text: 'Mine' });
    const secret = await receiptSecretFromKey(server.seed!.keys.v2ProxyMessages);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(thread.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-proxy-secret-but-32-bytes-long'));
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(thread.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const cases: [string | null, number, string][] = [
      [`Receipt ${receipt}, ${forged}`, 401, 'receipt 2 is not valid'],
      [`Receipt ${expired}`, 401, 'receipt 1 has expired'],
      ['Receipt not-a-token', 401, 'receipt 1 is not a receipt'],
      [null, 401, 'Authorization'],
      [`Bearer ${forged}`, 401, 'Identity token is not valid'],
      [`Receipt ${Array.from({ length: RECEIPTS_MAX + 1 }, (_, i) => `a.b.${i}`).join(',')}`, 400, 'at most 100'],
    ];
    for (const [authorization, status, words] of cases) {
      const answer = await raw('/api/v2/threads/updates', authorization ? { headers: { authorization } } : {});
      expect([answer.status, (await answer.text()).includes(words)]).toEqual([status, true]);
    }
  });

  it('with a verified identity token, lists the threads of its email and no one else', async () => {
    const token = await new SignJWT({ email: 'Follower@Customer.example' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(IDENTITY_SECRET));
    const signedIn = createV2Connection({
      baseUrl: proxy.url,
      fetch: pageFetch,
      retry: 0,
      headers: { Authorization: `Bearer ${token}` },
    });
    const { thread } = await createThreadWithTicket(signedIn, { text: 'From my laptop' });
    await createThreadWithTicket(connection(), { text: 'Someone else', contact_email: 'other@customer.example' });
    const read = await reader()({ identityToken: token });
    expect(read.changed && read.updates.map((update) => update.id)).toEqual([thread.id]);
  });
});

describe('a key without threads:read', () => {
  it('hands out no receipts, serves no updates, and the start says why', async () => {
    const logs: ProxyLogEntry[] = [];
    const plain = await startProxy({
      upstream: server.url,
      apiKey: server.seed!.keys.v2ThreadsWrite,
      allowedOrigins: [ORIGIN],
      log: (entry) => logs.push(entry),
    });
    try {
      const answer = await browser.fetch(`${plain.url}/api/v2/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'No receipt for me' }),
      });
      expect(answer.status).toBe(201);
      expect(answer.headers.get(PROXY_RECEIPT_HEADER)).toBeNull();
      expect((await raw('/api/v2/threads/updates', {}, plain.url)).status).toBe(404);
      expect(logs.find((entry) => entry.event === 'receipts_off')?.reason).toContain('threads:read');
    } finally {
      await plain.close();
    }
  });
});
