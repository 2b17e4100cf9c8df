/**
 * The changelog entries' anchors, one format for both widgets (the roadmap draws them, the
 * feedback form links to them): each entry's element in the shadow root has the id
 * `hearken-changelog-<entry id>`, and a page URL ending in `#hearken-changelog-<entry id>` opens
 * the changelog view scrolled to that entry.
 */
const PREFIX = 'hearken-changelog-';

/** The element id of an entry, and the fragment that links to it (without `#`). */
export const changelogAnchor = (id: string): string => `${PREFIX}${id}`;

/** The entry id a URL fragment (`location.hash`, with or without `#`) links to, or `null`. */
export function anchoredEntry(hash: string | undefined): string | null {
  const fragment = (hash ?? '').replace(/^#/, '');
  if (!fragment.startsWith(PREFIX)) return null;
  let id: string;
  try {
    id = decodeURIComponent(fragment.slice(PREFIX.length));
  } catch {
    return null;
  }
  return id || null;
}
