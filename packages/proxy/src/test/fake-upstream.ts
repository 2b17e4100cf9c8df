import type { CreateThreadInput } from '@hearken/core';
import { createdThreadRow, json, v2Error } from '@hearken/test-support';

/** A scripted stand-in for the service, used through the proxy's `fetch` option. */

export const KEY = `cfs_v2_${'K'.repeat(16)}${'s3cr3t'.repeat(2)}${'Z'.repeat(4)}`;
export const V1_KEY = `cfs_v1_${'a'.repeat(32)}`;

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Reply = (call: RecordedCall) => Response | Promise<Response>;

function envelope(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return v2Error(status, code, { message, request_id: 'up-req' }, { 'x-request-id': 'up-req', ...headers });
}

/**
 * The service's answer to a thread creation: the row `body` makes, with an id of its own, created
 * now, and `headers` beside its request id. Headers go in here, not set on the answer afterwards:
 * where a Hono server ran earlier in the process, `Response` is its light stand-in, which forgets
 * headers set after construction once the body is read.
 */
export function createdRow(body: CreateThreadInput, headers: Record<string, string> = {}): Response {
  const now = new Date().toISOString();
  return json(201, createdThreadRow(body, { id: crypto.randomUUID(), created_at: now, updated_at: now }), {
    'x-request-id': 'up-req',
    ...headers,
  });
}

/** The service's answer to a message: the row the body makes, on the path's thread. */
export function createdMessage(call: RecordedCall): Response {
  const threadId = /\/threads\/([^/]+)\/messages$/.exec(new URL(call.url).pathname)?.[1] ?? '';
  const body = call.body as {
    content: string;
    attachments?: { name: string; content_type: string; content: string }[];
  };
  return json(
    201,
    {
      id: crypto.randomUUID(),
      thread_id: decodeURIComponent(threadId),
      content: body.content,
      attachments: (body.attachments ?? []).map((attachment) => ({
        id: crypto.randomUUID(),
        name: attachment.name,
        content_type: attachment.content_type,
        size: atob(attachment.content).length,
      })),
      created_at: new Date().toISOString(),
    },
    { 'x-request-id': 'up-req' },
  );
}

export function fakeUpstream(options: { scopes?: string[]; threads?: Reply; portal?: Reply; messages?: Reply } = {}) {
  const calls: RecordedCall[] = [];
  const scopes = options.scopes ?? ['threads:write'];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = input instanceof Request ? input : new Request(url, init);
    const text = request.body ? await request.text() : '';
    const call: RecordedCall = {
      url: url.href,
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const auth = request.headers.get('authorization');
    if (url.pathname === '/api/v2/me') {
      if (auth === `Bearer ${V1_KEY}`) return envelope(410, 'unsupported_key_version', 'v1 key');
      if (auth !== `Bearer ${KEY}`) return envelope(401, 'unauthenticated', 'unknown key');
      return Response.json({ workspace_id: 'w1', api_key_id: 'k1', scopes });
    }
    if (url.pathname === '/api/v2/threads' && request.method === 'POST') {
      return options.threads ? options.threads(call) : createdRow(call.body as CreateThreadInput);
    }
    if (/^\/api\/v2\/threads\/[^/]+\/messages$/.test(url.pathname) && request.method === 'POST') {
      return options.messages ? options.messages(call) : createdMessage(call);
    }
    if (url.pathname.startsWith('/api/v1/') && options.portal) return options.portal(call);
    return envelope(404, 'not_found', 'Not found');
  };
  return {
    calls,
    fetch,
    threadCalls: () => calls.filter((call) => call.url.endsWith('/api/v2/threads')),
    messageCalls: () => calls.filter((call) => call.url.endsWith('/messages')),
  };
}

export { envelope };
