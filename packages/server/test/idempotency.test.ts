import { request } from 'node:http';
import { createV1Client } from '@hearken/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyRecords, outbox, threads } from '../src/db/schema.ts';
import { call, type Harness, useServer } from './harness.ts';

const h = useServer();

/** A raw exchange, so bodies can be compared byte for byte. */
async function send(
  harness: Harness,
  method: string,
  path: string,
  key: string,
  body: string | undefined,
  idempotencyKey: string,
) {
  const response = await fetch(`${harness.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      'idempotency-key': idempotencyKey,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * Sends a request and hangs up as soon as the answer starts, as a client whose connection drops
 * does; resolves once the server has finished the request (its key holds a response).
 */
async function sendAndDrop(harness: Harness, method: string, path: string, key: string, body: string, idem: string) {
  await new Promise<void>((resolve, reject) => {
    const req = request(`${harness.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'idempotency-key': idem,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('response', (res) => {
      res.destroy();
      resolve();
    });
    req.on('error', reject);
    req.end(body);
  });
  await expect
    .poll(async () => {
      const [record] = await harness.db.orm
        .select({ status: idempotencyRecords.responseStatus })
        .from(idempotencyRecords)
        .where(eq(idempotencyRecords.key, idem));
      return record?.status;
    })
    .toBe(200);
}

describe('Idempotency-Key on every write', () => {
  it('v1 PATCH /insights/{id} with notify, repeated with the same key after a dropped response, notifies once', async () => {
    const path = `/api/v1/insights/${h.fx.a.threadIds[0]}`;
    const body = JSON.stringify({ state: 'PROCESSED', notify: { email: true, chat: true } });
    await sendAndDrop(h, 'PATCH', path, h.fx.a.keys.v1Admin, body, 'patch-notify-1');
    const retry = await send(h, 'PATCH', path, h.fx.a.keys.v1Admin, body, 'patch-notify-1');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(retry.text)).toMatchObject({ id: h.fx.a.threadIds[0], state: 'PROCESSED' });
    const notes = await h.db.orm.select().from(outbox).where(eq(outbox.workspaceId, h.fx.a.workspaceId));
    expect(notes.map((note) => note.kind).sort()).toEqual(['thread.notify.chat', 'thread.notify.email']);
  });

  it("core's v1 client, whose first answer is lost, retries the PATCH with its key and notifies once", async () => {
    let calls = 0;
    // The first answer is read by the network and then lost on its way: the server did the work.
    const losingFetch: typeof fetch = async (input, init) => {
      calls += 1;
      const response = await fetch(input, init);
      if (calls > 1) return response;
      await response.arrayBuffer();
      throw new TypeError('fetch failed');
    };
    const client = createV1Client({
      baseUrl: h.url,
      apiKey: h.fx.a.keys.v1Admin,
      fetch: losingFetch,
      retry: { limit: 2, backoffMs: 1 },
    });
    const summary = await client.threads.update(h.fx.a.threadIds[1]!, { state: 'COMPLETED', notify: { email: true } });
    expect(summary.state).toBe('COMPLETED');
    expect(calls).toBe(2);
    const notes = await h.db.orm.select().from(outbox).where(eq(outbox.workspaceId, h.fx.a.workspaceId));
    expect(notes.map((note) => note.kind)).toEqual(['thread.notify.email']);
  });

  it('forgets every stored answer once it is a day old, not only one whose key comes back', async () => {
    const body = JSON.stringify({ text: 'kept for a day' });
    await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'day-old-1');
    const stored = () =>
      h.db.orm
        .select({ key: idempotencyRecords.key })
        .from(idempotencyRecords)
        .where(eq(idempotencyRecords.key, 'day-old-1'));
    expect(await stored()).toHaveLength(1);
    h.clock.now = new Date(h.clock.now.getTime() + 25 * 60 * 60 * 1000);
    await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'day-old-2');
    expect(await stored()).toEqual([]);
  });

  it('replays the first response byte for byte, with its status and content type', async () => {
    const body = JSON.stringify({ text: 'exact bytes', title: 'Order of keys', contact_email: 'bytes@example.com' });
    const first = await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'bytes-1');
    const again = await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'bytes-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it('v1 DELETE replays its answer instead of a 404, and v1 answers 422 and 409 in its own format', async () => {
    const path = `/api/v1/companies/${h.fx.a.companyId}`;
    const first = await send(h, 'DELETE', path, h.fx.a.keys.v1Admin, undefined, 'delete-1');
    const replay = await send(h, 'DELETE', path, h.fx.a.keys.v1Admin, undefined, 'delete-1');
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    const plain = await call(h, 'DELETE', path, { key: h.fx.a.keys.v1Admin });
    expect(plain.status).toBe(404);

    const other = await call(h, 'PATCH', path, {
      key: h.fx.a.keys.v1Admin,
      body: {},
      headers: { 'idempotency-key': 'delete-1' },
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: expect.stringContaining('Idempotency-Key'), code: 'UNPROCESSABLE_CONTENT' });
  });

  it('v1 answers 409 CONFLICT while the same request with the same key is in flight', async () => {
    const body = { email: 'inflight@example.com' };
    const first = await call(h, 'POST', '/api/v1/contacts', {
      key: h.fx.a.keys.v1Admin,
      body,
      headers: { 'idempotency-key': 'in-flight' },
    });
    expect(first.status).toBe(201);
    // Make the stored record look unfinished, as it is while the first request runs.
    await h.db.orm
      .update(idempotencyRecords)
      .set({ responseStatus: null, responseBody: null })
      .where(eq(idempotencyRecords.key, 'in-flight'));
    const second = await call(h, 'POST', '/api/v1/contacts', {
      key: h.fx.a.keys.v1Admin,
      body,
      headers: { 'idempotency-key': 'in-flight' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: expect.stringContaining('in flight'), code: 'CONFLICT' });
  });

  it('a write whose answer could not be stored is not kept either, so its retry writes once', async () => {
    // A fault between the write and its stored answer, as a process killed at that point leaves one.
    await h.db.orm.execute(sql`
      create function lose_answer() returns trigger language plpgsql as $$
      begin raise exception 'the process died here'; end $$`);
    await h.db.orm.execute(sql`
      create trigger lose_answer before update on idempotency_records for each row
      when (new.key = 'lost-answer' and new.response_status is not null) execute function lose_answer()`);
    const body = JSON.stringify({ text: 'written once', title: 'lost-answer' });
    try {
      expect((await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'lost-answer')).status).toBe(500);
    } finally {
      await h.db.orm.execute(sql`drop trigger lose_answer on idempotency_records`);
      await h.db.orm.execute(sql`drop function lose_answer`);
    }
    const retry = await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, body, 'lost-answer');
    expect(retry.status).toBe(201);
    const written = await h.db.orm.select({ id: threads.id }).from(threads).where(eq(threads.title, 'lost-answer'));
    expect(written).toEqual([{ id: JSON.parse(retry.text).id }]);
  });

  it('v2 bulk-delete with a key is replayed, not run again', async () => {
    const body = JSON.stringify({ ids: [h.fx.a.threadIds[1], 'nope'] });
    const first = await send(h, 'POST', '/api/v2/threads/bulk-delete', h.fx.a.keys.v2Full, body, 'bulk-1');
    const again = await send(h, 'POST', '/api/v2/threads/bulk-delete', h.fx.a.keys.v2Full, body, 'bulk-1');
    expect(JSON.parse(first.text)).toEqual({ data: [h.fx.a.threadIds[1]], not_found: ['nope'] });
    expect(again.text).toBe(first.text);
  });
  it('replays a thread retried with another proxy verdict (moderation) instead of refusing it as another request', async () => {
    const clear = JSON.stringify({ text: 'retried through the other proxy', origin: 'WIDGET' });
    const held = JSON.stringify({
      text: 'retried through the other proxy',
      origin: 'WIDGET',
      moderation: 'held',
      moderation_reasons: ['duplicate'],
    });
    const first = await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, clear, 'verdict-retry-1');
    expect(first.status).toBe(201);
    const retry = await send(h, 'POST', '/api/v2/threads', h.fx.a.keys.v2Full, held, 'verdict-retry-1');
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    // Another text under the same key is still another request.
    const other = await send(
      h,
      'POST',
      '/api/v2/threads',
      h.fx.a.keys.v2Full,
      held.replace('other', 'same'),
      'verdict-retry-1',
    );
    expect(other.status).toBe(422);
  });
});
