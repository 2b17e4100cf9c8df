import { API_ERRORS } from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import type { ProxyReply, ProxyRequest } from '../http/exchange.ts';

const MAX_ENTRIES = 500;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

interface Entry {
  status: number;
  body: string;
  etag: string | null;
  fetchedAt: number;
}

/** How one kind of read reaches the service. */
export interface CachedRead {
  /** Headers beside `accept` (the key, for reads that need it). */
  headers?: Record<string, string>;
  /** The body a 200 is served and kept with; null when the service's body is unusable (a 502). */
  reshape?: (body: string) => string | null;
  /** Error statuses of the service passed on to the browser; any other becomes a 502. Default: all 4xx. */
  passes?: (status: number) => boolean;
}

/** Upstream failures and redirects say nothing useful to a browser; input errors (404) do. */
const clientErrors = (status: number) => status >= 400 && status < 500;

/**
 * Reads served through the proxy, so a site's CSP can name one origin. Each key (path and query
 * under the service) is cached for `maxAgeSeconds`, then revalidated upstream with its ETag;
 * browsers get the ETag too and a 304 when theirs still matches. Only successful answers are
 * cached. `serve` answers null when the service failed, for the route to answer in its own format.
 */
export function createReadCache(options: ResolvedOptions, maxAgeSeconds: number) {
  const entries = new Map<string, Entry>();

  function remember(key: string, entry: Entry): void {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  async function load(key: string, now: number, read: CachedRead): Promise<Entry | null> {
    const cached = entries.get(key);
    if (cached && now - cached.fetchedAt < maxAgeSeconds * 1000) return cached;
    const headers: Record<string, string> = { ...read.headers, accept: 'application/json' };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    const upstream = await options.transport(
      { method: 'GET', base: options.upstream, path: key, headers },
      options.timeout,
    );
    if (!upstream.ok) return cached ?? null;
    if (upstream.status === 304 && cached) {
      const refreshed = { ...cached, fetchedAt: now };
      remember(key, refreshed);
      return refreshed;
    }
    const body = upstream.status === 200 && read.reshape ? read.reshape(upstream.text) : upstream.text;
    if (body === null) return null;
    const entry = { status: upstream.status, body, etag: upstream.header('etag'), fetchedAt: now };
    if (upstream.status === 200) remember(key, entry);
    return entry;
  }

  return async function serve(key: string, request: ProxyRequest, read: CachedRead = {}): Promise<ProxyReply | null> {
    const entry = await load(key, Date.now(), read);
    if (entry === null || (entry.status !== 200 && !(read.passes ?? clientErrors)(entry.status))) return null;
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': entry.status === 200 ? `public, max-age=${maxAgeSeconds}` : 'no-store',
    };
    if (entry.etag && entry.status === 200) {
      headers.etag = entry.etag;
      if (matchesWeakly(request.header('if-none-match'), entry.etag)) return { status: 304, headers, body: null };
    }
    return { status: entry.status, headers, body: entry.body };
  };
}

/**
 * `If-None-Match`'s weak comparison: a browser holding a compressed copy sends the tag back weak
 * (`W/"…"`, as the Node server's compression marks it), and that is still the same content.
 */
function matchesWeakly(header: string | null | undefined, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header?.split(',').some((tag) => bare(tag) === bare(etag)) ?? false;
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** The public portal reads: no key; `language`, when it is a language tag, is part of the key. */
export function portalReads(cache: ReadCache) {
  return async function serve(path: string, request: ProxyRequest): Promise<ProxyReply> {
    const language = request.param('language');
    const key = language && LANGUAGE.test(language) ? `${path}?language=${encodeURIComponent(language)}` : path;
    return (
      (await cache(key, request)) ?? {
        status: API_ERRORS.upstream_error.status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify({
          message: 'The feedback service could not be reached',
          code: API_ERRORS.upstream_error.v1,
        }),
      }
    );
  };
}
