import { createPortalConnection, listPublishedChangelogs, type V2Changelog } from '@hearken/core';
import { CHANGELOG_PAGE_SIZE } from '@hearken/ui/dom';
import type { ChangelogEntry, ChangelogPageReader } from './changelog-history.ts';

/** A v2 row as the view shows it (the portal's names). */
export const toEntry = (row: V2Changelog): ChangelogEntry => ({
  id: row.id,
  version: row.version,
  title: row.title,
  date: row.date,
  imageUrl: row.image_url,
  notes: row.notes,
});

/**
 * The published history through the key proxy at `proxy` (its changelog portal mode, no key),
 * with core's `listPublishedChangelogs` over one connection, which keeps each page's ETag.
 */
export function changelogPageReader(proxy: string, fetch: typeof globalThis.fetch | undefined): ChangelogPageReader {
  const connection = createPortalConnection({ baseUrl: proxy.replace(/\/+$/, ''), ...(fetch ? { fetch } : {}) });
  return async (cursor, signal) => {
    const { data, page } = await listPublishedChangelogs(
      connection,
      cursor ? { limit: CHANGELOG_PAGE_SIZE, cursor } : { limit: CHANGELOG_PAGE_SIZE },
      { signal },
    );
    return { entries: data.map(toEntry), cursor: page.has_more ? page.cursor : null };
  };
}
