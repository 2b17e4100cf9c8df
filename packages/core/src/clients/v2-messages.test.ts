import { createFakeFetch, json, sequence, threadRow } from '@hearken/test-support';
import { describe, expect, it } from 'vitest';
import { PROXY_TICKET_HEADER } from '../contract/constants.ts';
import { isRequestValidationError } from '../contract/errors.ts';
import type { V2MessageRow } from '../contract/schemas/messages.ts';
import { createV2Client, createV2Connection } from './v2.ts';
import { attachmentFromBytes, createMessage, createThreadWithTicket } from './v2-messages.ts';

const baseUrl = 'https://api.example.com';
const apiKey = `cfs_v2_${'a'.repeat(32)}`;
const AT = '2026-10-15T12:00:00.000Z';
const message = (id = 'm_1', overrides: Partial<V2MessageRow> = {}): V2MessageRow => ({
  id,
  thread_id: 'th_1',
  content: 'See the picture',
  attachments: [{ id: 'a_1', name: 'shot.png', content_type: 'image/png', size: 3 }],
  created_at: AT,
  ...overrides,
});

describe('v2 client messages', () => {
  it('create: POST /threads/{id}/messages with the body and an Idempotency-Key', async () => {
    const server = createFakeFetch(() => json(201, message()));
    const v2 = createV2Client({ baseUrl, apiKey, fetch: server.fetch });
    const attachment = attachmentFromBytes('shot.png', 'image/png', new Uint8Array([1, 2, 3]));
    expect(await v2.messages.create('th/1', { content: 'See the picture', attachments: [attachment] })).toEqual(
      message(),
    );
    const call = server.calls[0]!;
    expect([call.method, call.url.pathname]).toEqual(['POST', '/api/v2/threads/th%2F1/messages']);
    expect(call.body).toEqual({
      content: 'See the picture',
      attachments: [{ name: 'shot.png', content_type: 'image/png', content: 'AQID' }],
    });
    expect(call.headers.get('idempotency-key')).toBeTruthy();
  });

  it('list and iterate a thread, page by page', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(200, { data: [message('m_2')], page: { cursor: 'next', has_more: true, limit: 1 } }),
        () => json(200, { data: [message('m_1')], page: { cursor: null, has_more: false, limit: 1 } }),
      ),
    );
    const v2 = createV2Client({ baseUrl, apiKey, fetch: server.fetch });
    const ids: string[] = [];
    for await (const row of v2.messages.iterate('th_1', { limit: 1 })) ids.push(row.id);
    expect(ids).toEqual(['m_2', 'm_1']);
    expect(server.calls.map((call) => call.url.pathname + call.url.search)).toEqual([
      '/api/v2/threads/th_1/messages?limit=1',
      '/api/v2/threads/th_1/messages?limit=1&cursor=next',
    ]);
  });

  it('getAttachment: the bytes as sent and their content type', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const server = createFakeFetch(() => new Response(bytes, { headers: { 'content-type': 'image/png' } }));
    const v2 = createV2Client({ baseUrl, apiKey, fetch: server.fetch });
    const got = await v2.messages.getAttachment('a_1');
    expect([...got.bytes]).toEqual([...bytes]);
    expect(got.content_type).toBe('image/png');
    expect(server.calls[0]?.url.pathname).toBe('/api/v2/attachments/a_1');
  });

  it('refuses a body with no content, naming the field, and sends nothing', async () => {
    const server = createFakeFetch(() => json(201, message()));
    const v2 = createV2Client({ baseUrl, apiKey, fetch: server.fetch });
    const error = await v2.messages.create('th_1', { content: '' }).catch((e: unknown) => e);
    expect(isRequestValidationError(error)).toBe(true);
    expect(error).toMatchObject({ field: 'content' });
    expect(server.calls).toHaveLength(0);
  });
});

describe('keyless thread and message through the key proxy', () => {
  it('createThreadWithTicket returns the thread and the ticket header; createMessage sends it back', async () => {
    const server = createFakeFetch(
      sequence(
        () => json(201, threadRow('th_9'), { [PROXY_TICKET_HEADER]: 'ticket-for-th_9' }),
        () => json(201, message('m_1', { thread_id: 'th_9' })),
      ),
    );
    const connection = createV2Connection({ baseUrl: 'https://site.example/proxy', fetch: server.fetch });
    const { thread, ticket } = await createThreadWithTicket(connection, { text: 'Broken here', metadata: { a: 'b' } });
    expect([thread.id, ticket]).toEqual(['th_9', 'ticket-for-th_9']);
    await createMessage(connection, thread.id, { content: 'Screenshot' }, { ticket, idempotencyKey: 'msg-1' });
    const sent = server.calls[1]!;
    expect(sent.url.href).toBe('https://site.example/proxy/api/v2/threads/th_9/messages');
    expect(sent.headers.get(PROXY_TICKET_HEADER)).toBe('ticket-for-th_9');
    expect(sent.headers.get('idempotency-key')).toBe('msg-1');
    expect(sent.headers.get('authorization')).toBeNull();
  });

  it('a thread create answered without a ticket gives ticket undefined', async () => {
    const server = createFakeFetch(() => json(201, threadRow('th_1')));
    const connection = createV2Connection({ baseUrl, fetch: server.fetch });
    expect((await createThreadWithTicket(connection, { text: 'x' })).ticket).toBeUndefined();
  });
});
