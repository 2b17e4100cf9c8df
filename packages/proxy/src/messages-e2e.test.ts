import {
  attachmentFromBytes,
  createMessage,
  createThreadWithTicket,
  createV2Client,
  createV2Connection,
} from '@hearken/core';
import { type RunningServer, startServer } from '@hearken/server';
import { PNG_BASE64 } from '@hearken/test-support';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's migrated template: a cluster made from scratch costs seconds of CPU per file.
import { migratedTemplate } from '../../server/test/pglite-template.ts';
import { type RunningProxy, startProxy } from './node/start-proxy.ts';

// http: the test servers listen on plain-HTTP loopback, and an https page may not call them.
const ORIGIN = 'http://shop.example';

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
    minFillMs: 0,
  });
  browser = new Window({ url: `${ORIGIN}/checkout` });
}, 60_000);

afterAll(async () => {
  await browser?.happyDOM.close();
  await proxy?.close();
  await server?.close();
});

/** A page's fetch, which sends Origin and enforces CORS (exposed headers included) like a browser. */
const pageFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const body = request.method === 'GET' ? undefined : await request.text();
  const answer = await browser.fetch(request.url, {
    method: request.method,
    headers: Object.fromEntries(request.headers),
    ...(body === undefined ? {} : { body }),
  });
  const text = await answer.text();
  return new Response(text === '' ? null : text, {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
  });
};

describe('a screenshot through the key proxy to the reference server', () => {
  it('the page reads the ticket, sends the image with it, and the service stores the bytes and the metadata', async () => {
    const connection = createV2Connection({ baseUrl: proxy.url, fetch: pageFetch, retry: 0 });
    const metadata = { page: `${ORIGIN}/checkout`, language: 'de-DE', viewport: '390x844' };
    const { thread, ticket } = await createThreadWithTicket(connection, { text: 'The pay button is gone', metadata });
    expect(thread.metadata).toEqual(metadata);
    expect(ticket).toBeTruthy();

    const png = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
    const message = await createMessage(
      connection,
      thread.id,
      { content: 'Screenshot', attachments: [attachmentFromBytes('screenshot.png', 'image/png', png)] },
      { ticket, idempotencyKey: 'shot-1' },
    );
    expect(message.attachments).toEqual([
      { id: expect.any(String), name: 'screenshot.png', content_type: 'image/png', size: png.length },
    ]);

    const admin = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
    expect((await admin.threads.get(thread.id)).metadata).toEqual(metadata);
    const { data } = await admin.messages.list(thread.id);
    expect(data.map((row) => row.id)).toEqual([message.id]);
    const stored = await admin.messages.getAttachment(message.attachments[0]!.id);
    expect([...stored.bytes]).toEqual([...png]);

    // The same Idempotency-Key again: the first answer, no second message.
    const again = await createMessage(
      connection,
      thread.id,
      { content: 'Screenshot', attachments: [attachmentFromBytes('screenshot.png', 'image/png', png)] },
      { ticket, idempotencyKey: 'shot-1' },
    );
    expect(again.id).toBe(message.id);
    expect((await admin.messages.list(thread.id)).data).toHaveLength(1);
  });

  it('a held thread keeps its screenshot: the sender sees nothing different, the operator finds both', async () => {
    const connection = createV2Connection({ baseUrl: proxy.url, fetch: pageFetch, retry: 0 });
    const { thread, ticket } = await createThreadWithTicket(
      connection,
      { text: 'Checkout spins for ever' },
      { headers: { 'X-Hearken-Hp': 'autofilled' } },
    );
    expect(thread.moderation).toBe('clear');
    const png = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
    const message = await createMessage(
      connection,
      thread.id,
      { content: 'Screenshot', attachments: [attachmentFromBytes('screenshot.png', 'image/png', png)] },
      { ticket, idempotencyKey: 'held-shot-1' },
    );
    const admin = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
    expect(await admin.threads.get(thread.id)).toMatchObject({ moderation: 'held', moderation_reasons: ['honeypot'] });
    const stored = await admin.messages.getAttachment(message.attachments[0]!.id);
    expect([...stored.bytes]).toEqual([...png]);
  });

  it('a message for a thread the proxy did not create is refused: ForbiddenError, and nothing is stored', async () => {
    const connection = createV2Connection({ baseUrl: proxy.url, fetch: pageFetch, retry: 0 });
    const admin = createV2Client({ baseUrl: server.url, apiKey: server.seed!.keys.v2Full });
    const elsewhere = await admin.threads.create({ text: 'Made with the full key' });
    const { ticket } = await createThreadWithTicket(connection, { text: 'mine' });
    const error = await createMessage(connection, elsewhere.id, { content: 'x' }, { ticket }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ForbiddenError', status: 403, code: 'forbidden' });
    expect((await admin.messages.list(elsewhere.id)).data).toEqual([]);
  });
});
