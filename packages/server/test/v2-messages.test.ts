import { createV2Client, MESSAGE_BODY_MAX_BYTES } from '@hearken/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startDeliveryWorker } from '../src/webhooks/delivery-worker.ts';
import { call, type Harness, useServer } from './harness.ts';
import { startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The smallest valid PNG: 1x1, one grey pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name = 'shot.png') => ({ name, content_type: 'image/png', content: PNG.toString('base64') });

describe('v2 thread metadata', { timeout: 30_000 }, () => {
  it('is stored and returned; {} when none was sent', async () => {
    const key = h.fx.a.keys.v2Full;
    const metadata = { page: 'https://shop.example/cart', 'browser.name': 'Firefox', viewport: '390x844' };
    const made = await call(h, 'POST', '/api/v2/threads', { key, body: { text: 'Broken', metadata } });
    expect(made.status).toBe(201);
    expect(made.body.metadata).toEqual(metadata);
    const read = await call(h, 'GET', `/api/v2/threads/${made.body.id}`, { key });
    expect(read.body.metadata).toEqual(metadata);
    h.clock.now = new Date(h.clock.now.getTime() + 1000);
    const plain = await call(h, 'POST', '/api/v2/threads', { key, body: { text: 'Plain' } });
    expect(plain.body.metadata).toEqual({});
    const list = await call(h, 'GET', '/api/v2/threads?limit=2', { key });
    expect(list.body.data.map((row: { metadata: object }) => row.metadata)).toEqual([{}, metadata]);
  });

  it('400 naming the key: a bad key, a long value, a number, a 21st entry', async () => {
    const key = h.fx.a.keys.v2Full;
    const send = (metadata: unknown) => call(h, 'POST', '/api/v2/threads', { key, body: { text: 't', metadata } });
    const bad = await send({ 'not ok': 'x', long: 'v'.repeat(501), count: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    expect(bad.body.error.details.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'metadata.not ok',
      'metadata.long',
      'metadata.count',
    ]);
    const many = await send(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])));
    expect(many.status).toBe(400);
    expect(many.body.error.details.issues[0].path).toBe('metadata');
  });
});

describe('v2 messages and attachments', { timeout: 30_000 }, () => {
  const thread = () => h.fx.a.threadIds[0]!;

  it('creates a message with an attachment; lists it; serves the bytes as a download', async () => {
    const key = h.fx.a.keys.v2Full;
    const made = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      body: { content: '<p>See the picture</p>', attachments: [png()] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({
      id: expect.any(String),
      thread_id: thread(),
      content: '<p>See the picture</p>',
      attachments: [{ id: expect.any(String), name: 'shot.png', content_type: 'image/png', size: PNG.length }],
      created_at: h.clock.now.toISOString(),
    });
    const list = await call(h, 'GET', `/api/v2/threads/${thread()}/messages`, { key: h.fx.a.keys.v2Read });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([made.body]);

    const attachmentId = made.body.attachments[0].id;
    const download = await fetch(`${h.url}/api/v2/attachments/${attachmentId}`, {
      headers: { authorization: `Bearer ${h.fx.a.keys.v2Read}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="shot.png"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the v2 client reads the bytes back as sent', async () => {
    const api = createV2Client({ baseUrl: h.url, apiKey: h.fx.a.keys.v2Full });
    const made = await api.messages.create(thread(), { content: 'x', attachments: [png('ü b.png')] });
    const got = await api.messages.getAttachment(made.attachments[0]!.id);
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    expect(got.content_type).toBe('image/png');
  });

  it('pages newest first; a cursor of another thread is refused', async () => {
    const key = h.fx.a.keys.v2Full;
    const ids: string[] = [];
    for (const content of ['one', 'two', 'three']) {
      h.clock.now = new Date(h.clock.now.getTime() + 1000);
      ids.push((await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, { key, body: { content } })).body.id);
    }
    const first = await call(h, 'GET', `/api/v2/threads/${thread()}/messages?limit=2`, { key });
    expect(first.body.data.map((m: { content: string }) => m.content)).toEqual(['three', 'two']);
    expect(first.body.page).toMatchObject({ has_more: true, limit: 2 });
    const cursor = encodeURIComponent(first.body.page.cursor);
    const second = await call(h, 'GET', `/api/v2/threads/${thread()}/messages?limit=2&cursor=${cursor}`, { key });
    expect(second.body.data.map((m: { content: string }) => m.content)).toEqual(['one']);
    expect(second.body.page.has_more).toBe(false);
    const other = h.fx.a.threadIds[1]!;
    const wrong = await call(h, 'GET', `/api/v2/threads/${other}/messages?cursor=${cursor}`, { key });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.issues[0].path).toBe('cursor');
  });

  it('400 naming the attachment whose bytes are not of its content_type', async () => {
    const key = h.fx.a.keys.v2Full;
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const reply = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      body: {
        content: 'x',
        attachments: [png(), { name: 'fake.png', content_type: 'image/png', content: html }],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.details.issues).toEqual([
      { path: 'attachments.1.content', message: expect.stringContaining('"fake.png"') },
    ]);
    const jpeg = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      body: { content: 'x', attachments: [{ ...png('a.jpg'), content_type: 'image/jpeg' }] },
    });
    expect(jpeg.status).toBe(400);
    // Nothing was stored by the refused requests.
    const list = await call(h, 'GET', `/api/v2/threads/${thread()}/messages`, { key });
    expect(list.body.data).toEqual([]);
  });

  it('takes text types as declared', async () => {
    const key = h.fx.a.keys.v2Full;
    const reply = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      body: {
        content: 'x',
        attachments: [{ name: 'log.txt', content_type: 'text/plain', content: Buffer.from('ok').toString('base64') }],
      },
    });
    expect(reply.status).toBe(201);
  });

  it('413 for a body over 8 MB, before the rest is read; a 1.5 MB image passes', async () => {
    const key = h.fx.a.keys.v2Full;
    const big = 'A'.repeat(MESSAGE_BODY_MAX_BYTES);
    const over = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      raw: `{"content":"x","attachments":[{"name":"a","content_type":"text/plain","content":"${big}"}]}`,
    });
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe('payload_too_large');
    const padded = Buffer.concat([PNG, Buffer.alloc(1_500_000)]);
    const fits = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key,
      body: { content: 'x', attachments: [{ ...png(), content: padded.toString('base64') }] },
    });
    expect(fits.status).toBe(201);
    expect(fits.body.attachments[0].size).toBe(padded.length);
  });

  it('replays for the same Idempotency-Key, 422 for another body', async () => {
    const key = h.fx.a.keys.v2Full;
    const headers = { 'idempotency-key': 'msg-1' };
    const path = `/api/v2/threads/${thread()}/messages`;
    const first = await call(h, 'POST', path, { key, headers, body: { content: 'once' } });
    const again = await call(h, 'POST', path, { key, headers, body: { content: 'once' } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await call(h, 'POST', path, { key, headers, body: { content: 'other' } });
    expect(other.status).toBe(422);
    const list = await call(h, 'GET', path, { key });
    expect(list.body.data).toHaveLength(1);
  });

  it('scopes: messages:write to post, threads:read to list and download', async () => {
    const path = `/api/v2/threads/${thread()}/messages`;
    const post = await call(h, 'POST', path, { key: h.fx.a.keys.v2ThreadsWrite, body: { content: 'x' } });
    expect(post.status).toBe(403);
    expect(post.body.error.details.required).toEqual(['messages:write']);
    const list = await call(h, 'GET', path, { key: h.fx.a.keys.v2ThreadsWrite });
    expect(list.status).toBe(403);
  });

  it("another workspace's thread and attachment are 404; so is a deleted thread", async () => {
    const made = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key: h.fx.a.keys.v2Full,
      body: { content: 'x', attachments: [png()] },
    });
    const keyB = h.fx.b.keys.v2Full;
    for (const [method, path] of [
      ['POST', `/api/v2/threads/${thread()}/messages`],
      ['GET', `/api/v2/threads/${thread()}/messages`],
      ['GET', `/api/v2/attachments/${made.body.attachments[0].id}`],
      ['GET', '/api/v2/attachments/nope'],
    ] as const) {
      const reply = await call(h, method, path, { key: keyB, body: method === 'POST' ? { content: 'x' } : undefined });
      expect(reply.status, path).toBe(404);
      expect(reply.body.error.code).toBe('not_found');
    }
    await call(h, 'POST', '/api/v2/threads/bulk-delete', { key: h.fx.a.keys.v2Full, body: { ids: [thread()] } });
    const gone = await call(h, 'POST', `/api/v2/threads/${thread()}/messages`, {
      key: h.fx.a.keys.v2Full,
      body: { content: 'x' },
    });
    expect(gone.status).toBe(404);
    const download = await call(h, 'GET', `/api/v2/attachments/${made.body.attachments[0].id}`, {
      key: h.fx.a.keys.v2Full,
    });
    expect(download.status).toBe(404);
  });

  it('sends message.created with the row and no attachment bytes', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const key = h.fx.a.keys.v2Full;
    const hook = await call(h, 'POST', '/api/v2/webhooks', {
      key,
      body: { url: receiver.url, events: ['message.created', 'thread.created'] },
    });
    receiver.secrets.push(hook.body.secret);
    const worker = startDeliveryWorker({
      db: h.db,
      allowLoopback: true,
      pollIntervalMs: 20,
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
    });
    cleanups.push(() => worker.stop());
    const made = await call(h, 'POST', '/api/v2/threads', { key, body: { text: 't', metadata: { page: '/cart' } } });
    const message = await call(h, 'POST', `/api/v2/threads/${made.body.id}/messages`, {
      key,
      body: { content: 'x', attachments: [png()] },
    });
    await waitFor(() => receiver.accepted.size >= 2, 'the events');
    const events = [...receiver.accepted.values()];
    const created = events.find((event) => event.type === 'message.created')!;
    expect(created.data).toMatchObject(message.body);
    expect(JSON.stringify(created.data)).not.toContain(PNG.toString('base64'));
    expect(events.find((event) => event.type === 'thread.created')!.data.metadata).toEqual({ page: '/cart' });
  });
});
