import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { insertContact } from '../src/services/contacts.ts';
import { webhookUrlProblem } from '../src/webhooks/address-policy.ts';
import { type DeliveryWorker, startDeliveryWorker } from '../src/webhooks/delivery-worker.ts';
import { call, type Harness, useServer } from './harness.ts';
import { type Receiver, startReceiver, waitFor } from './webhook-receiver.ts';

const h: Harness = useServer({ webhooks: { allowLoopback: true } });
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiverWithWorker(
  events?: string[],
): Promise<{ receiver: Receiver & { rejected: number }; endpointId: string; worker: DeliveryWorker }> {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const created = await call(h, 'POST', '/api/v2/webhooks', {
    key: h.fx.a.keys.v2Full,
    body: { url: receiver.url, ...(events ? { events } : {}) },
  });
  expect(created.status).toBe(201);
  receiver.secrets.push(created.body.secret);
  const worker = startDeliveryWorker({
    db: h.db,
    allowLoopback: true,
    pollIntervalMs: 20,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
  });
  cleanups.push(() => worker.stop());
  return { receiver, endpointId: created.body.id, worker };
}

describe('webhook registration', { timeout: 30_000 }, () => {
  it('needs the admin scope', async () => {
    const reply = await call(h, 'GET', '/api/v2/webhooks', { key: h.fx.a.keys.v2Read });
    expect(reply.status).toBe(403);
    expect(reply.body.error.code).toBe('scope_required');
    expect(reply.body.error.details.required).toEqual(['admin']);
  });

  it('a DELETE whose 204 is repeated with the same Idempotency-Key is replayed as a 204, not a 500', async () => {
    const key = h.fx.a.keys.v2Full;
    const created = await call(h, 'POST', '/api/v2/webhooks', { key, body: { url: 'http://127.0.0.1:9/replayed' } });
    const headers = { 'idempotency-key': 'delete-webhook-once' };
    const first = await call(h, 'DELETE', `/api/v2/webhooks/${created.body.id}`, { key, headers });
    const again = await call(h, 'DELETE', `/api/v2/webhooks/${created.body.id}`, { key, headers });
    expect(first.status).toBe(204);
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toBeNull();
  });

  it('creates, lists page by page, gets, updates and deletes endpoints; the secret is shown at creation only', async () => {
    const key = h.fx.a.keys.v2Full;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      h.clock.now = new Date(h.clock.now.getTime() + 1000);
      const reply = await call(h, 'POST', '/api/v2/webhooks', {
        key,
        body: { url: `http://127.0.0.1:9/hook${n}`, events: ['thread.created'], description: `n${n}` },
      });
      expect(reply.status).toBe(201);
      expect(reply.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(reply.body).toMatchObject({ events: ['thread.created'], enabled: true, disabled_reason: null });
      ids.push(reply.body.id);
    }
    const first = await call(h, 'GET', '/api/v2/webhooks?limit=2', { key });
    expect(first.body.data.map((row: { id: string }) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.page.has_more).toBe(true);
    expect(first.body.data[0].secret).toBeUndefined();
    const second = await call(h, 'GET', `/api/v2/webhooks?limit=2&cursor=${first.body.page.cursor}`, { key });
    expect(second.body.data.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
    expect(second.body.page).toEqual({ cursor: null, has_more: false, limit: 2 });

    const updated = await call(h, 'PATCH', `/api/v2/webhooks/${ids[0]}`, {
      key,
      body: { events: ['company.created', 'company.created'], enabled: false, description: null },
    });
    expect(updated.body).toMatchObject({ events: ['company.created'], enabled: false, description: null });
    expect((await call(h, 'GET', `/api/v2/webhooks/${ids[0]}`, { key })).body).toEqual(updated.body);

    expect((await call(h, 'DELETE', `/api/v2/webhooks/${ids[0]}`, { key })).status).toBe(204);
    expect((await call(h, 'GET', `/api/v2/webhooks/${ids[0]}`, { key })).status).toBe(404);
    // Another workspace's admin key sees none of them.
    expect((await call(h, 'GET', `/api/v2/webhooks/${ids[1]}`, { key: h.fx.b.keys.v2Full })).status).toBe(404);
    expect((await call(h, 'GET', '/api/v2/webhooks', { key: h.fx.b.keys.v2Full })).body.data).toEqual([]);
  });

  it('names the field of a bad request', async () => {
    const key = h.fx.a.keys.v2Full;
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 'https://example.com/x', events: ['thread.exploded'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', secret: 'mine' }, 'secret'],
      [{ events: ['thread.created'] }, 'url'],
    ];
    for (const [body, path] of cases) {
      const reply = await call(h, 'POST', '/api/v2/webhooks', { key, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.details.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
  });

  it('refuses private, loopback and link-local targets, and http, without the development flag', async () => {
    const loopback = 'must not point at a loopback address';
    const reserved = 'must not point at a private or reserved address';
    for (const [url, problem] of [
      ['http://example.com/hook', 'must be https'],
      ['https://127.0.0.1/hook', loopback],
      ['https://localhost/hook', loopback],
      ['https://10.1.2.3/hook', reserved],
      ['https://192.168.0.10/hook', reserved],
      ['https://169.254.169.254/latest/meta-data', reserved],
      ['https://[::1]/hook', loopback],
      ['https://[fe80::1]/hook', reserved],
      ['https://[::ffff:10.0.0.1]/hook', reserved],
      ['https://user:pw@example.com/hook', 'must not carry credentials'],
    ] as const) {
      expect(await webhookUrlProblem(url, false), url).toBe(problem);
    }
    expect(await webhookUrlProblem('https://93.184.215.14/hook', false)).toBeUndefined();
    // The development flag lets loopback (and http to it) through, nothing else.
    expect(await webhookUrlProblem('http://127.0.0.1:3000/hook', true)).toBeUndefined();
    expect(await webhookUrlProblem('http://localhost:3000/hook', true)).toBeUndefined();
    const httpsOrLoopback = 'must be https (or http to a loopback address)';
    expect(await webhookUrlProblem('http://10.0.0.1/hook', true)).toBe(httpsOrLoopback);
    expect(await webhookUrlProblem('http://example.com/hook', true)).toBe(httpsOrLoopback);

    const strict = createServer({ db: h.db });
    const reply = await strict.request('/api/v2/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${h.fx.a.keys.v2Full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:3000/hook' }),
    });
    expect(reply.status).toBe(400);
    expect(
      ((await reply.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]!.path,
    ).toBe('url');
  });
});

describe('webhook events', { timeout: 30_000 }, () => {
  it('sends each change as a signed {type, timestamp, data} event with v2 rows', async () => {
    const { receiver } = await receiverWithWorker();
    const { a } = h.fx;
    const thread = await call(h, 'POST', '/api/v2/threads', {
      key: a.keys.v2Full,
      body: { text: 'Dark mode please', contact_email: 'new.person@example.com' },
    });
    expect(thread.status).toBe(201);
    await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: a.keys.v2Full,
      body: { ids: [thread.body.id], set: { state: 'PROCESSED' } },
    });
    // Setting a value the thread already has is no change, so no event.
    await call(h, 'POST', '/api/v2/threads/bulk-update', {
      key: a.keys.v2Full,
      body: { ids: [thread.body.id], set: { state: 'PROCESSED' } },
    });
    await call(h, 'POST', `/api/v1/insights/${thread.body.id}/messages`, {
      key: a.keys.v1Admin,
      body: { content: 'Thanks!' },
    });
    await call(h, 'POST', '/api/v2/threads/bulk-delete', { key: a.keys.v2Full, body: { ids: [thread.body.id] } });
    const company = await call(h, 'POST', '/api/v2/companies', { key: a.keys.v2Full, body: { name: 'Initech' } });
    await call(h, 'PATCH', `/api/v1/companies/${company.body.id}`, { key: a.keys.v1Admin, body: { name: 'Initrode' } });
    await call(h, 'DELETE', `/api/v1/companies/${company.body.id}`, { key: a.keys.v1Admin });
    // Another workspace's changes are not this endpoint's.
    await call(h, 'POST', '/api/v2/companies', { key: h.fx.b.keys.v2Full, body: { name: 'Elsewhere' } });

    const expected = [
      'contact.created',
      'thread.created',
      'thread.updated',
      'message.created',
      'thread.deleted',
      'company.created',
      'company.updated',
      'company.deleted',
    ];
    await waitFor(() => receiver.accepted.size >= expected.length, 'the events');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = [...receiver.accepted.values()];
    expect(events.map((event) => event.type).sort()).toEqual([...expected].sort());
    const byType = new Map(events.map((event) => [event.type, event]));
    expect(byType.get('contact.created')!.data).toMatchObject({ email: 'new.person@example.com', company_id: null });
    expect(byType.get('thread.created')!.data).toEqual(thread.body);
    expect(byType.get('thread.updated')!.data).toMatchObject({
      id: thread.body.id,
      state: 'PROCESSED',
      changed_fields: ['state'],
    });
    expect(byType.get('message.created')!.data).toMatchObject({
      thread_id: thread.body.id,
      text_content: 'Thanks!',
      type: 'OUTBOUND',
    });
    expect(byType.get('thread.deleted')!.data).toMatchObject({ id: thread.body.id, state: 'PROCESSED' });
    expect(byType.get('company.created')!.data).toEqual(company.body);
    expect(byType.get('company.updated')!.data).toMatchObject({ name: 'Initrode', changed_fields: ['name'] });
    expect(byType.get('company.deleted')!.data).toMatchObject({ id: company.body.id, name: 'Initrode' });
    for (const event of events)
      expect((event as unknown as { timestamp: string }).timestamp).toBe(h.clock.now.toISOString());
    expect(receiver.rejected).toBe(0);
  });

  it('sends only subscribed types, and nothing for a notify-only update or a rolled-back change', async () => {
    const { receiver } = await receiverWithWorker(['thread.updated', 'contact.created']);
    const { a } = h.fx;
    const threadId = a.threadIds[0]!;
    const notifyOnly = await call(h, 'PATCH', `/api/v1/insights/${threadId}`, {
      key: a.keys.v1Admin,
      body: { notify: { email: true } },
    });
    expect(notifyOnly.status).toBe(200);
    // A change whose transaction rolls back records nothing.
    await expect(
      h.db.orm.transaction(async (tx) => {
        await insertContact(tx, a.workspaceId, { email: 'rolled.back@example.com' }, h.clock.now);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await call(h, 'PATCH', `/api/v1/insights/${threadId}`, { key: a.keys.v1Admin, body: { painLevel: 'HIGH' } });
    await waitFor(() => receiver.accepted.size >= 1, 'the update');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const events = [...receiver.accepted.values()];
    expect(events.map((event) => event.type)).toEqual(['thread.updated']);
    expect(events[0]!.data).toMatchObject({ id: threadId, pain_level: 'HIGH', changed_fields: ['pain_level'] });
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const { receiver, endpointId } = await receiverWithWorker(['company.created']);
    const key = h.fx.a.keys.v2Full;
    const old = receiver.secrets[0]!;
    // The worker reads the real clock; the overlap is counted from the server's.
    h.clock.now = new Date();
    const rotated = await call(h, 'POST', `/api/v2/webhooks/${endpointId}/rotate-secret`, { key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(old);
    expect(rotated.body.previous_secret_expires_at).toBe(new Date(h.clock.now.getTime() + 86_400_000).toISOString());
    // A receiver that only knows the new secret, then one that only knows the old: both verify.
    receiver.secrets.splice(0, 1, rotated.body.secret);
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'One' } });
    await waitFor(() => receiver.accepted.size === 1, 'a delivery verified with the new secret');
    receiver.secrets.splice(0, 1, old);
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'Two' } });
    await waitFor(() => receiver.accepted.size === 2, 'a delivery verified with the old secret');
    expect(String(receiver.receipts[1]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.rejected).toBe(0);

    // A rotation 25 hours ago: its previous secret no longer signs.
    h.clock.now = new Date(Date.now() - 25 * 3600_000);
    const later = await call(h, 'POST', `/api/v2/webhooks/${endpointId}/rotate-secret`, { key });
    receiver.secrets.splice(0, 1, later.body.secret);
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'Three' } });
    await waitFor(() => receiver.accepted.size === 3, 'a delivery signed with the newest secret only');
    expect(String(receiver.receipts[2]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('lists deliveries and redelivers one with the same webhook-id', async () => {
    const { receiver, endpointId } = await receiverWithWorker(['company.created']);
    const key = h.fx.a.keys.v2Full;
    let calls = 0;
    receiver.respond = () => (++calls === 1 ? 500 : 200);
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'Globex' } });
    await waitFor(() => receiver.accepted.size === 1, 'the delivery after one failure');
    const list = await call(h, 'GET', `/api/v2/webhooks/${endpointId}/deliveries`, { key });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const delivery = list.body.data[0];
    expect(delivery).toMatchObject({
      event_type: 'company.created',
      status: 'delivered',
      attempts: 2,
      last_response_status: 200,
      next_attempt_at: null,
    });
    expect(delivery.event_id).toBe(receiver.receipts[0]!.id);
    expect(receiver.receipts[1]!.id).toBe(delivery.event_id);

    const again = await call(h, 'POST', `/api/v2/webhooks/${endpointId}/deliveries/${delivery.id}/redeliver`, { key });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ event_id: delivery.event_id, status: 'pending', attempts: 0 });
    await waitFor(() => receiver.receipts.length === 3, 'the redelivery');
    expect(receiver.receipts[2]!.id).toBe(delivery.event_id);
    expect(receiver.receipts[2]!.body).toBe(receiver.receipts[0]!.body);
    const missing = await call(h, 'POST', `/api/v2/webhooks/${endpointId}/deliveries/nope/redeliver`, { key });
    expect(missing.status).toBe(404);
  });

  it('turns the endpoint off when its receiver answers 410', async () => {
    const { receiver, endpointId } = await receiverWithWorker(['company.created']);
    const key = h.fx.a.keys.v2Full;
    receiver.respond = () => 410;
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'Gone Inc' } });
    await waitFor(
      async () => (await call(h, 'GET', `/api/v2/webhooks/${endpointId}`, { key })).body.enabled === false,
      'the endpoint off',
    );
    const endpoint = await call(h, 'GET', `/api/v2/webhooks/${endpointId}`, { key });
    expect(endpoint.body.disabled_reason).toBe('gone');
    await call(h, 'POST', '/api/v2/companies', { key, body: { name: 'After' } });
    const deliveries = await call(h, 'GET', `/api/v2/webhooks/${endpointId}/deliveries`, { key });
    expect(deliveries.body.data.map((row: { status: string; attempts: number }) => [row.status, row.attempts])).toEqual(
      [['failed', 1]],
    );
    expect(receiver.receipts).toHaveLength(1);
  });
});
