import { PROXY_TICKET_HEADER } from '@hearken/core';
import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from '@hearken/test-support';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProxyOptions } from '../config/options.ts';
import { createProxy } from '../handler/create-proxy.ts';
import { fakeUpstream, KEY } from '../test/fake-upstream.ts';

const ORIGIN = 'https://app.example';
const BASE = 'http://proxy.test';
const TICKET_SECRET = 'ticket-secret-with-at-least-32-bytes!!';
const SCOPES = ['threads:write', 'messages:write'];

afterEach(() => {
  vi.useRealTimers();
});

/** A proxy over `upstream`, screenshots on unless `messagesOn` is false. */
async function setup(
  overrides: Partial<ProxyOptions> = {},
  upstream = fakeUpstream({ scopes: SCOPES }),
  messagesOn = true,
) {
  const handler = await createProxy({
    upstream: 'http://service.test',
    apiKey: KEY,
    allowedOrigins: [ORIGIN],
    fetch: upstream.fetch,
    ...(messagesOn ? { messages: { ticketSecret: TICKET_SECRET } } : {}),
    minFillMs: 0,
    ...overrides,
  });
  return { handler, upstream };
}

type Handler = Awaited<ReturnType<typeof setup>>['handler'];

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function createThread(handler: Handler, body: unknown = { text: 'It breaks here' }) {
  const response = await handler(post('/api/v2/threads', body));
  expect(response.status).toBe(201);
  const thread = (await response.json()) as { id: string; metadata: Record<string, string> };
  return { thread, ticket: response.headers.get(PROXY_TICKET_HEADER), response };
}

const image = (content = PNG_BASE64, content_type = 'image/png', name = 'shot.png') => ({
  name,
  content_type,
  content,
});

const sendMessage = (handler: Handler, threadId: string, ticket: string | null, body: unknown) =>
  handler(post(`/api/v2/threads/${threadId}/messages`, body, ticket === null ? {} : { [PROXY_TICKET_HEADER]: ticket }));

async function refusal(response: Response) {
  const body = (await response.json()) as {
    error: { code: string; message: string; request_id: string; details?: { issues?: { path: string }[] } };
  };
  return { status: response.status, ...body.error, paths: body.error.details?.issues?.map((issue) => issue.path) };
}

const withBytes = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const text = (value: string) => new TextEncoder().encode(value);

describe('thread create with messages on', () => {
  it('answers with a ticket, exposed to the page by CORS', async () => {
    const { handler } = await setup();
    const { ticket, response } = await createThread(handler);
    expect(ticket).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.get('access-control-expose-headers')).toContain(PROXY_TICKET_HEADER.toLowerCase());
  });

  it('passes metadata under the decided limits, refusing a bad one naming the key', async () => {
    const { handler, upstream } = await setup();
    const metadata = { page: 'https://shop.example/cart', 'ua.platform': 'Android' };
    const { thread } = await createThread(handler, { text: 'x', metadata });
    expect(thread.metadata).toEqual(metadata);
    expect(upstream.threadCalls()[0]?.body).toMatchObject({ metadata });
    const bad = await refusal(await handler(post('/api/v2/threads', { text: 'x', metadata: { 'bad key': 'v' } })));
    expect([bad.status, bad.code, bad.paths]).toEqual([400, 'invalid_request', ['metadata.bad key']]);
    const long = await refusal(
      await handler(post('/api/v2/threads', { text: 'x', metadata: { page: 'v'.repeat(501) } })),
    );
    expect(long.paths).toEqual(['metadata.page']);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect((await refusal(await handler(post('/api/v2/threads', { text: 'x', metadata: many })))).paths).toEqual([
      'metadata',
    ]);
    expect(upstream.threadCalls()).toHaveLength(1);
  });

  it('sends no ticket while messages are off, and the message route is not there', async () => {
    const { handler } = await setup({}, fakeUpstream(), false);
    const { thread, ticket } = await createThread(handler);
    expect(ticket).toBeNull();
    const response = await sendMessage(handler, thread.id, 'anything', { content: 'x' });
    expect((await refusal(response)).status).toBe(404);
  });
});

describe('the message route', () => {
  it.each([
    ['PNG', PNG_BASE64, 'image/png'],
    ['JPEG', JPEG_BASE64, 'image/jpeg'],
    ['WebP', WEBP_BASE64, 'image/webp'],
  ])('forwards a %s image with its ticket, key and Idempotency-Key', async (_label, content, type) => {
    const { handler, upstream } = await setup();
    const { thread, ticket } = await createThread(handler);
    const response = await handler(
      post(
        `/api/v2/threads/${thread.id}/messages`,
        { content: 'Screenshot', attachments: [image(content, type)] },
        { [PROXY_TICKET_HEADER]: ticket!, 'idempotency-key': 'msg-1' },
      ),
    );
    expect(response.status).toBe(201);
    const [forwarded] = upstream.messageCalls();
    expect(forwarded?.url).toBe(`http://service.test/api/v2/threads/${thread.id}/messages`);
    expect(forwarded?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(forwarded?.headers.get('idempotency-key')).toBe('msg-1');
    expect(forwarded?.headers.get(PROXY_TICKET_HEADER)).toBeNull();
    const sent = (forwarded!.body as { attachments: { content: string }[] }).attachments[0]!.content;
    // The same image, its ICC profile (Chromium's JPEG and WebP carry one) dropped with any other metadata.
    expect(forwarded?.body).toEqual({ content: 'Screenshot', attachments: [image(sent, type)] });
    expect(bytesOf(sent).subarray(0, 4)).toEqual(bytesOf(content).subarray(0, 4));
    if (type === 'image/png') expect(sent).toBe(content);
    else expect(atob(sent)).not.toMatch(/ICC_PROFILE|ICCP/);
  });

  it('forwards a text-only message', async () => {
    const { handler } = await setup();
    const { thread, ticket } = await createThread(handler);
    expect((await sendMessage(handler, thread.id, ticket, { content: 'More detail' })).status).toBe(201);
  });

  describe('refuses, in the v2 envelope, without calling the service', () => {
    it('no ticket', async () => {
      const { handler, upstream } = await setup();
      const { thread } = await createThread(handler);
      const answer = await refusal(await sendMessage(handler, thread.id, null, { content: 'x' }));
      expect([answer.status, answer.code]).toEqual([403, 'forbidden']);
      expect(answer.message).toMatch(/ticket/);
      expect(answer.request_id).toBeTruthy();
      expect(upstream.messageCalls()).toHaveLength(0);
    });

    it('a forged ticket (signed with another secret, or altered)', async () => {
      const { handler, upstream } = await setup();
      const { thread, ticket } = await createThread(handler);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(thread.id)
        .setAudience('hearken-proxy:messages')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-with-at-least-32-bytes!'));
      for (const bad of [forged, `${ticket!.slice(0, -2)}xx`, 'not.a.jwt']) {
        const answer = await refusal(await sendMessage(handler, thread.id, bad, { content: 'x' }));
        expect([answer.status, answer.code, answer.message]).toEqual([403, 'forbidden', 'The ticket is not valid']);
      }
      expect(upstream.messageCalls()).toHaveLength(0);
    });

    it('an expired ticket: more than an hour after the thread was created', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { handler, upstream } = await setup();
      const { thread, ticket } = await createThread(handler);
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      const answer = await refusal(await sendMessage(handler, thread.id, ticket, { content: 'x' }));
      expect([answer.status, answer.code]).toEqual([403, 'forbidden']);
      expect(answer.message).toMatch(/expired/);
      expect(upstream.messageCalls()).toHaveLength(0);
    });

    it("another thread's ticket", async () => {
      const { handler, upstream } = await setup();
      const first = await createThread(handler);
      const second = await createThread(handler);
      const answer = await refusal(await sendMessage(handler, second.thread.id, first.ticket, { content: 'x' }));
      expect([answer.status, answer.message]).toEqual([403, 'The ticket is for another thread']);
      expect(upstream.messageCalls()).toHaveLength(0);
    });

    it('no ticket for a replayed thread answer older than an hour', async () => {
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
      const upstream = fakeUpstream({
        scopes: SCOPES,
        threads: () =>
          Response.json(
            { ...threadRowLike(), created_at: old, updated_at: old },
            { status: 201, headers: { 'x-request-id': 'up' } },
          ),
      });
      const { handler } = await setup({}, upstream);
      const { ticket } = await createThread(handler);
      expect(ticket).toBeNull();
    });

    const refusedImage = async (attachments: unknown[], path: string, status = 400) => {
      const { handler, upstream } = await setup();
      const { thread, ticket } = await createThread(handler);
      const answer = await refusal(await sendMessage(handler, thread.id, ticket, { content: 'x', attachments }));
      expect(answer.status).toBe(status);
      expect(answer.paths).toEqual([path]);
      expect(upstream.messageCalls()).toHaveLength(0);
      return answer;
    };

    it('an SVG, even declared as PNG', async () => {
      const svg = withBytes(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
      await refusedImage([image(svg, 'image/svg+xml', 'a.svg')], 'attachments.0.content');
      await refusedImage([image(svg, 'image/png')], 'attachments.0.content');
    });

    it('an HTML file named and declared as an image', async () => {
      const html = withBytes(text('<!doctype html><html><body><script>alert(1)</script></body></html>'));
      const answer = await refusedImage([image(html, 'image/png', 'shot.png')], 'attachments.0.content');
      expect(answer.message).toMatch(/PNG, JPEG or WebP/);
    });

    it('polyglots: HTML after the image, HTML inside a PNG text chunk, a ZIP after a JPEG', async () => {
      const png = bytesOf(PNG_BASE64);
      const trailing = withBytes(concat(png, text('<html><script>alert(1)</script></html>')));
      expect((await refusedImage([image(trailing)], 'attachments.0.content')).message).toMatch(/after the end/);
      // A tEXt chunk holding a script, put before IEND: a valid PNG structure, markup inside.
      const iend = png.length - 12;
      const payload = text('Comment\0<script>alert(1)</script>');
      const chunk = concat(
        new Uint8Array([0, 0, 0, payload.length]),
        text('tEXt'),
        payload,
        new Uint8Array([0, 0, 0, 0]),
      );
      // Its CRC is wrong: a broken PNG.
      const inside = withBytes(concat(png.subarray(0, iend), chunk, png.subarray(iend)));
      expect((await refusedImage([image(inside)], 'attachments.0.content')).message).toMatch(/not a well-formed PNG/);
      const zip = withBytes(concat(bytesOf(JPEG_BASE64), new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])));
      await refusedImage([image(zip, 'image/jpeg', 'a.jpg')], 'attachments.0.content');
    });

    it('a WebP whose RIFF size does not cover the file', async () => {
      const webp = withBytes(concat(bytesOf(WEBP_BASE64), text('<html>')));
      await refusedImage([image(webp, 'image/webp', 'a.webp')], 'attachments.0.content');
    });

    it('an image declared as another image type', async () => {
      await refusedImage([image(JPEG_BASE64, 'image/png')], 'attachments.0.content_type');
    });

    it('two images', async () => {
      await refusedImage([image(), image()], 'attachments');
    });

    it('an image over the configured size (413), and a body far over it before it is read', async () => {
      const { handler, upstream } = await setup({ messages: { ticketSecret: TICKET_SECRET, maxImageBytes: 100 } });
      const { thread, ticket } = await createThread(handler);
      const big = withBytes(concat(bytesOf(PNG_BASE64), new Uint8Array(50)));
      const answer = await refusal(
        await sendMessage(handler, thread.id, ticket, { content: 'x', attachments: [image(big)] }),
      );
      expect([answer.status, answer.code, answer.paths]).toEqual([413, 'payload_too_large', ['attachments.0.content']]);
      const huge = { content: 'x', attachments: [image('A'.repeat(200_000))] };
      expect((await refusal(await sendMessage(handler, thread.id, ticket, huge))).status).toBe(413);
      expect(upstream.messageCalls()).toHaveLength(0);
    });

    it('empty content, an unknown field, a NUL, a lone surrogate, a nested __proto__', async () => {
      const { handler } = await setup();
      const { thread, ticket } = await createThread(handler);
      for (const [body, path] of [
        [{ content: '  ' }, 'content'],
        [{ content: 'x', thread_id: 'other' }, 'thread_id'],
        [{ content: 'a\u0000b' }, 'content'],
        [{ content: 'a\ud800' }, 'content'],
        [
          { content: 'x', attachments: [{ name: 'shot\udfff.png', content_type: 'image/png', content: 'AA==' }] },
          'attachments.0.name',
        ],
        [JSON.parse('{"content":"x","attachments":[{"__proto__":{}}]}'), 'attachments.0.__proto__'],
      ] as const) {
        expect((await refusal(await sendMessage(handler, thread.id, ticket, body))).paths).toEqual([path]);
      }
    });
  });
});

/** A thread row as the service answers it, for upstreams scripted by hand. */
function threadRowLike() {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    title: null,
    text: 'x',
    state: 'NEW',
    pain_level: 'UNKNOWN',
    origin: 'WIDGET',
    contact: null,
    company_id: null,
    assignee_id: null,
    project_id: null,
    issue_id: null,
    snoozed_until: null,
    metadata: {},
    created_at: now,
    updated_at: now,
  };
}

describe('start-up check with messages on', () => {
  it('refuses a key without messages:write, naming it', async () => {
    const error = await setup({}, fakeUpstream({ scopes: ['threads:write'] })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ProxyConfigError', reason: 'missing_scope' });
    expect((error as Error).message).toContain('"messages:write"');
  });

  it('refuses a key without threads:write, naming it', async () => {
    const error = await setup({}, fakeUpstream({ scopes: ['messages:write'] })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'missing_scope' });
    expect((error as Error).message).toContain('"threads:write"');
  });

  it('refuses a key with messages:write while messages are off, as too broad', async () => {
    const error = await setup({}, fakeUpstream({ scopes: SCOPES }), false).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'broad_key' });
    expect((error as Error).message).toContain('messages:write');
  });

  it('refuses a ticket secret under 32 bytes, naming the option', async () => {
    const error = await setup({ messages: { ticketSecret: 'short' } }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'invalid_option', option: 'messages.ticketSecret' });
  });
});
