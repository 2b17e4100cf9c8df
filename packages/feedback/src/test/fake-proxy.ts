import {
  type Changelog,
  type CreateMessageInput,
  type CreateThreadInput,
  PROXY_TICKET_HEADER,
  type ThreadUpdate,
  type V2Changelog,
} from '@hearken/core';
import { changelogPage, createdThreadRow, json as jsonReply, v2Error } from '@hearken/test-support';

/**
 * A scripted stand-in for the key proxy, used as the core client's `fetch`: it stores threads
 * with the service's Idempotency-Key semantics and can fail in the ways a network does.
 */

export type Fault =
  | 'none'
  /** The request never reaches the service. */
  | 'offline'
  /** The service stores the thread, but the response is lost. */
  | 'lost-response'
  | 'server-error'
  | 'rate-limited'
  | 'in-flight';

export interface StoredThread {
  id: string;
  key: string | null;
  body: CreateThreadInput;
  headers: Headers;
}

/** Every answer carries a request id, `req-<status>` unless given. */
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  jsonReply(status, body, { 'x-request-id': `req-${status}`, ...headers });

function envelope(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return v2Error(status, code, { message, request_id: `req-${code}` }, { 'x-request-id': `req-${status}`, ...headers });
}

/** The service refusing a `contact_name` that is too long: a v2 400 naming the field, request id `req-42`. */
export function nameTooLongReply(): Response {
  return v2Error(
    400,
    'invalid_request',
    {
      message: 'contact_name: too long',
      request_id: 'req-42',
      details: { issues: [{ path: 'contact_name', message: 'Name is too long' }] },
    },
    { 'x-request-id': 'req-42' },
  );
}

export interface StoredMessage {
  id: string;
  threadId: string;
  key: string | null;
  ticket: string | null;
  body: CreateMessageInput;
}

export interface FakeProxyOptions {
  faults?: () => Fault;
  reply?: (body: CreateThreadInput) => Response | null;
  /** Retry-After of simulated 429s, in seconds. Default 7. */
  retryAfter?: number;
  /** Thread creations wait for this before answering. */
  hold?: Promise<void>;
  /** Workspace served at GET /api/v1/workspaces/:id (the public read, for branding). */
  workspace?: Record<string, unknown>;
  /**
   * Issues served at GET /api/v1/issues/:id (the public list, for suggestions), with an ETag that
   * changes when the list (this array, which a test may change) does; If-None-Match gets a 304.
   */
  issues?: Record<string, unknown>[];
  /** The workspace read's latest changelog entry. */
  latestChangelog?: Changelog;
  /** Served at GET /api/v2/threads/updates (receipts on), for whatever receipts are sent; without it that read is a 404. */
  updates?: () => ThreadUpdate[];
  /** Served at GET /api/v2/changelogs (changelog portal mode), newest first; without it that read is a 404. */
  changelogs?: () => V2Changelog[];
  /** Answer to a message create in place of storing it (e.g. a 413 naming the attachment). */
  messageReply?: (body: CreateMessageInput) => Response | null;
}

export function fakeProxy(options: FakeProxyOptions = {}) {
  const threads: StoredThread[] = [];
  const byKey = new Map<string, StoredThread>();
  const requests: Request[] = [];
  const messages: StoredMessage[] = [];
  const messagesByKey = new Map<string, StoredMessage>();
  let counter = 0;

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const url = new URL(request.url);
    // Scripted faults are for submissions: the branding read a model makes on its own takes none.
    if (request.method === 'GET' && url.pathname.startsWith('/api/v1/workspaces/')) {
      return options.workspace
        ? json(200, { workspace: options.workspace, latestChangelog: options.latestChangelog ?? null })
        : envelope(404, 'not_found', 'Not found');
    }
    if (request.method === 'GET' && url.pathname.startsWith('/api/v1/issues/')) {
      if (!options.issues) return envelope(404, 'not_found', 'Not found');
      let hash = 0;
      for (const char of JSON.stringify(options.issues)) hash = (hash * 31 + char.charCodeAt(0)) | 0;
      const etag = `"${hash.toString(36)}"`;
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
      return json(200, options.issues, { etag });
    }
    if (request.method === 'GET' && url.pathname === '/api/v2/threads/updates') {
      if (!options.updates) return envelope(404, 'not_found', 'Not found');
      return json(200, { data: options.updates() }, { etag: '"updates-1"' });
    }
    if (request.method === 'GET' && url.pathname === '/api/v2/changelogs') {
      if (!options.changelogs) return envelope(404, 'not_found', 'Not found');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const all = options.changelogs();
      const next = start + limit < all.length ? String(start + limit) : null;
      return json(200, changelogPage(all.slice(start, start + limit), next, limit));
    }
    const fault = options.faults?.() ?? 'none';
    if (fault === 'offline') throw new TypeError('Failed to fetch');
    const messagePath = /^\/api\/v2\/threads\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method === 'POST' && messagePath) return message(request, messagePath[1]!, fault);
    if (request.method !== 'POST' || url.pathname !== '/api/v2/threads') return envelope(404, 'not_found', 'Not found');
    if (fault === 'server-error') return envelope(502, 'upstream_error', 'The feedback service could not be reached');
    if (fault === 'rate-limited')
      return envelope(429, 'rate_limited', 'Too many', { 'retry-after': String(options.retryAfter ?? 7) });
    if (fault === 'in-flight') return envelope(409, 'idempotency_conflict', 'In flight');
    await options.hold;
    const body = (await request.json()) as CreateThreadInput;
    const custom = options.reply?.(body);
    if (custom) return custom;
    const key = request.headers.get('idempotency-key');
    let thread = key ? byKey.get(key) : undefined;
    if (!thread) {
      thread = { id: `t${++counter}`, key, body, headers: request.headers };
      threads.push(thread);
      if (key) byKey.set(key, thread);
    }
    if (fault === 'lost-response') throw new TypeError('Failed to fetch');
    // The proxy keeps UPVOTE and forces everything else to WIDGET.
    const origin = thread.body.origin === 'UPVOTE' ? 'UPVOTE' : 'WIDGET';
    // As the proxy with messages on: a ticket for this thread, on a replay too.
    return json(201, createdThreadRow(thread.body, { id: thread.id, origin }), {
      [PROXY_TICKET_HEADER]: `ticket-${thread.id}`,
    });
  };

  // Faults were drawn by the caller: a message takes them like a thread.
  async function message(request: Request, threadId: string, fault: Fault): Promise<Response> {
    if (fault === 'server-error') return envelope(502, 'upstream_error', 'The feedback service could not be reached');
    if (fault === 'rate-limited')
      return envelope(429, 'rate_limited', 'Too many', { 'retry-after': String(options.retryAfter ?? 7) });
    if (fault === 'in-flight') return envelope(409, 'idempotency_conflict', 'In flight');
    const ticket = request.headers.get(PROXY_TICKET_HEADER);
    if (ticket !== `ticket-${threadId}`) return envelope(403, 'forbidden', 'No ticket for this thread');
    const body = (await request.json()) as CreateMessageInput;
    const custom = options.messageReply?.(body);
    if (custom) return custom;
    const key = request.headers.get('idempotency-key');
    let stored = key ? messagesByKey.get(key) : undefined;
    if (!stored) {
      stored = { id: `m${messages.length + 1}`, threadId, key, ticket, body };
      messages.push(stored);
      if (key) messagesByKey.set(key, stored);
    }
    if (fault === 'lost-response') throw new TypeError('Failed to fetch');
    return json(201, {
      id: stored.id,
      thread_id: threadId,
      content: body.content,
      attachments: (body.attachments ?? []).map((attachment, index) => ({
        id: `a${index + 1}`,
        name: attachment.name,
        content_type: attachment.content_type,
        size: atob(attachment.content).length,
      })),
      created_at: '2026-11-26T12:00:00.000Z',
    });
  }
  return { fetch, threads, requests, messages };
}
