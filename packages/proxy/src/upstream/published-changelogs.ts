import { API_ERRORS, listChangelogsQuerySchema, safeParse, v2ListChangelogsOperation } from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import { errorReply, invalidField, REQUEST_ID } from '../http/envelope.ts';
import type { ProxyReply, ProxyRequest } from '../http/exchange.ts';
import type { ReadCache } from './portal-cache.ts';

/** Longer than any cursor the service makes; bounds the cache's keys. */
const CURSOR_MAX = 1024;

/** Whether an entry may be shown to anyone: published and not archived. */
const isPublic = (row: unknown): boolean =>
  typeof row === 'object' &&
  row !== null &&
  (row as { published?: unknown }).published === true &&
  (row as { archived?: unknown }).archived === false;

/**
 * The page as the service gave it, with any entry that is not published and live left out: a
 * cursor carries the filters it was made under, so one made with another `state` (by a holder of
 * a key, never through this proxy) must still not show a draft here. Null when it is not a page.
 */
function onlyPublished(text: string): string | null {
  let page: { data?: unknown; page?: unknown };
  try {
    page = JSON.parse(text) as typeof page;
  } catch {
    return null;
  }
  if (!Array.isArray(page?.data) || typeof page.page !== 'object') return null;
  const data = page.data.filter(isPublic);
  return JSON.stringify({ data, page: page.page });
}

/**
 * `GET /api/v2/changelogs` in portal mode: one page of the published changelog, read with the
 * proxy's key (`changelogs:read`) and cached like the portal reads. Only `limit` and `cursor`
 * are read; `state` is always `published` and any other parameter is ignored. A bad `limit` or
 * `cursor` is 400 naming it; the service's own 400 (an altered cursor) passes through; anything
 * else it answers becomes 502, so the key's scopes never reach a browser.
 */
export function publishedChangelogs(options: ResolvedOptions, cache: ReadCache) {
  const read = {
    headers: { authorization: `Bearer ${options.apiKey}` },
    reshape: onlyPublished,
    passes: (status: number) => status === API_ERRORS.invalid_request.status,
  };
  return async function serve(request: ProxyRequest, requestId: string): Promise<ProxyReply> {
    const cursor = request.param('cursor') ?? undefined;
    if (cursor !== undefined && cursor.length > CURSOR_MAX) {
      return invalidField('cursor', `cursor: must be at most ${CURSOR_MAX} characters`, requestId);
    }
    const parsed = safeParse(listChangelogsQuerySchema, { limit: request.param('limit') ?? undefined, cursor });
    if (!parsed.success) {
      const [issue] = parsed.issues;
      const field = String(issue?.path[0] ?? 'limit');
      return invalidField(field, `${field}: ${issue?.message ?? 'is invalid'}`, requestId);
    }
    const query = new URLSearchParams({ state: 'published', limit: String(parsed.data.limit) });
    if (parsed.data.cursor !== undefined) query.set('cursor', parsed.data.cursor);
    const reply = await cache(`${v2ListChangelogsOperation.path}?${query}`, request, read);
    if (reply === null) {
      return errorReply('upstream_error', 'The feedback service could not be reached', requestId);
    }
    return { ...reply, headers: { ...reply.headers, [REQUEST_ID]: requestId } };
  };
}
