/**
 * The portal reads started by the eager element with plain `fetch`, before the view's code has
 * loaded, then handed to the API client once (see {@link handOver}), which validates them as usual.
 * Imports no code: it runs in the eager element, before the API client has loaded.
 */
import type { RoadmapSource } from './options.ts';

/** Responses already on their way, by absolute URL. */
export type Prefetch = Map<string, Promise<Response>>;

/** Where the public reads go: `apiBase`, else the proxy (which can serve them), else this page. */
export function resolveApiBase(source: Pick<RoadmapSource, 'apiBase' | 'proxy'>): string {
  const base = source.apiBase || source.proxy || globalThis.location?.origin || '';
  return base.replace(/\/+$/, '');
}

const absolute = (url: string) => new URL(url, globalThis.location?.href).href;

/** The three portal reads' URLs, as the API client builds them. */
export function portalUrls(source: RoadmapSource): string[] {
  const base = resolveApiBase(source);
  const id = encodeURIComponent(source.workspace ?? '');
  const query = source.language ? `?${new URLSearchParams({ language: source.language })}` : '';
  return [`/workspaces/${id}`, `/projects/${id}${query}`, `/issues/${id}${query}`].map((path) =>
    absolute(`${base}/api/v1${path}`),
  );
}

/**
 * Starts the three portal reads now. Returns `undefined` without a workspace, or where the URLs
 * cannot be built (then the client reads as usual and reports the problem).
 */
export function prefetchPortal(source: RoadmapSource): Prefetch | undefined {
  if (!source.workspace) return undefined;
  const fetch = source.fetch ?? globalThis.fetch;
  try {
    const reads: Prefetch = new Map();
    for (const url of portalUrls(source)) {
      const response = fetch(url, { headers: { accept: 'application/json' } });
      // An unclaimed read that failed must not be reported as unhandled; the client retries it.
      response.catch(() => {});
      reads.set(url, response);
    }
    return reads;
  } catch {
    return undefined;
  }
}

/**
 * A fetch that answers each prefetched GET once with its response, and passes everything else
 * (and any repeat) to `fetch`.
 */
export function handOver(prefetch: Prefetch | undefined, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const url = request?.url ?? (input instanceof URL ? input.href : String(input));
    const key = prefetch && method === 'GET' ? absolute(url) : undefined;
    const waiting = key === undefined ? undefined : prefetch?.get(key);
    if (key !== undefined && waiting) {
      prefetch!.delete(key);
      return waiting;
    }
    return fetch(input, init);
  };
}
