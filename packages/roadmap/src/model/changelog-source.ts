import { changelogEntry, createPortalConnection, listPublishedChangelogs } from '@hearken/core';
import { CHANGELOG_PAGE_SIZE, firstChangelogPageKey, sharedRead } from '@hearken/ui/model';
import type { ChangelogPageReader } from './changelog-history.ts';

/**
 * The published history through the key proxy at `proxy` (its changelog portal mode, no key),
 * with core's `listPublishedChangelogs` over one connection, which keeps each page's ETag.
 */
export function changelogPageReader(proxy: string, fetch: typeof globalThis.fetch | undefined): ChangelogPageReader {
  const connection = createPortalConnection({ baseUrl: proxy.replace(/\/+$/, ''), ...(fetch ? { fetch } : {}) });
  return async (cursor, signal) => {
    // The first page is what the feedback launcher on the page reads too: one response serves both.
    const { data, page } = cursor
      ? await listPublishedChangelogs(connection, { limit: CHANGELOG_PAGE_SIZE, cursor }, { signal })
      : await sharedRead(
          fetch,
          firstChangelogPageKey(proxy),
          (shared) => listPublishedChangelogs(connection, { limit: CHANGELOG_PAGE_SIZE }, { signal: shared }),
          signal,
        );
    return { entries: data.map(changelogEntry), cursor: page.has_more ? page.cursor : null };
  };
}
