/**
 * The portal reads started by the eager element with plain `fetch`, before the view's code has
 * loaded, then handed to the API client once (`model/hand-over.ts`), which validates them as usual.
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

/** `url` resolved against the page, as the prefetch's map holds it. */
export const absoluteUrl = (url: string) => new URL(url, globalThis.location?.href).href;

/** The three portal reads' URLs, as the API client builds them. */
export function portalUrls(source: RoadmapSource): string[] {
  const base = resolveApiBase(source);
  const id = encodeURIComponent(source.workspace ?? '');
  const query = source.language ? `?${new URLSearchParams({ language: source.language })}` : '';
  return [`/workspaces/${id}`, `/projects/${id}${query}`, `/issues/${id}${query}`].map((path) =>
    absoluteUrl(`${base}/api/v1${path}`),
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
