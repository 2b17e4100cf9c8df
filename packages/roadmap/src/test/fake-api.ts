import type { CreateThreadInput } from '@hearken/core';
import { createdThreadRow, createFakeFetch, json, type PortalData, type RecordedRequest } from '@hearken/test-support';

type Reply = Response | undefined | Promise<Response | undefined>;

/**
 * A fetch that answers the three public portal reads from `data` (with ETags, so a repeat read
 * is a 304) and POST /api/v2/threads like the proxy. `intercept` can answer any request first
 * (return undefined to fall through).
 */
export function createFakeApi(initial: PortalData) {
  let data = initial;
  let version = 1;
  let intercept: ((request: RecordedRequest) => Reply) | undefined;
  let threadCount = 0;

  const { fetch, calls: seen } = createFakeFetch(async (entry) => {
    const custom = await intercept?.(entry);
    if (custom) return custom;
    const [, , , resource] = entry.url.pathname.split('/');
    if (entry.method === 'POST' && entry.url.pathname === '/api/v2/threads') {
      threadCount++;
      const row = createdThreadRow(entry.body as CreateThreadInput, { id: `th_${threadCount}` });
      return json(201, row, { 'x-request-id': `req_${threadCount}` });
    }
    const etag = `"v${version}-${resource}-${entry.url.searchParams.get('language') ?? ''}"`;
    if (entry.headers.get('if-none-match') === etag) return json(304, undefined, { etag });
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
  });

  return {
    fetch,
    seen,
    /** Replaces the data (and the ETags). */
    update(next: Partial<PortalData>) {
      data = { ...data, ...next };
      version++;
    },
    intercept(handler: ((request: RecordedRequest) => Reply) | undefined) {
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
