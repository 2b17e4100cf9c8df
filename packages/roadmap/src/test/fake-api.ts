import type { PortalData } from '@hearken/test-support';

/** One request as the fake service saw it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Reply = Response | undefined | Promise<Response | undefined>;

/**
 * A fetch that answers the three public portal reads from `data` (with ETags, so a repeat read
 * is a 304) and POST /api/v2/threads like the proxy. `intercept` can answer any request first
 * (return undefined to fall through).
 */
export function createFakeApi(initial: PortalData) {
  let data = initial;
  let version = 1;
  const seen: Seen[] = [];
  let intercept: ((request: Seen) => Reply) | undefined;
  let threadCount = 0;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const entry: Seen = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const custom = await intercept?.(entry);
    if (custom) return custom;
    const [, , , resource] = entry.url.pathname.split('/');
    if (entry.method === 'POST' && entry.url.pathname === '/api/v2/threads') {
      threadCount++;
      const input = entry.body as Record<string, string | undefined>;
      const row = {
        id: `th_${threadCount}`,
        title: input.title ?? null,
        text: input.text,
        state: 'NEW',
        pain_level: 'UNKNOWN',
        origin: input.origin ?? 'API',
        contact: null,
        company_id: null,
        assignee_id: null,
        project_id: input.project_id ?? null,
        issue_id: input.issue_id ?? null,
        snoozed_until: null,
        created_at: '2026-11-01T10:00:00.000Z',
        updated_at: '2026-11-01T10:00:00.000Z',
      };
      return json(201, row, { 'x-request-id': `req_${threadCount}` });
    }
    const etag = `"v${version}-${resource}-${entry.url.searchParams.get('language') ?? ''}"`;
    if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
    const body =
      resource === 'workspaces'
        ? { workspace: data.workspace, latestChangelog: data.latestChangelog }
        : resource === 'projects'
          ? data.projects
          : resource === 'issues'
            ? data.issues
            : undefined;
    if (body === undefined) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    return json(200, body, { etag });
  };

  return {
    fetch: fetch as typeof globalThis.fetch,
    seen,
    /** Replaces the data (and the ETags). */
    update(next: Partial<PortalData>) {
      data = { ...data, ...next };
      version++;
    },
    intercept(handler: ((request: Seen) => Reply) | undefined) {
      intercept = handler;
    },
    json,
    reads: () => seen.filter((request) => request.method === 'GET'),
  };
}

/** A promise with its resolve function, to hold a response until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
