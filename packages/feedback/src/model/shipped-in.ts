import type { ChangelogEntry } from '@hearken/core';

/**
 * The newest changelog entry that ships the issue: one linking its id; only an entry from a
 * service that sends no links (`issueIds` absent) may name its title, in its title or notes,
 * instead: a newer entry can name an issue and ship something else.
 */
export function shippedIn(
  entries: readonly ChangelogEntry[],
  issue: string,
  title: string | undefined,
): ChangelogEntry | undefined {
  const wanted = title?.trim().toLowerCase();
  return entries.find((entry) =>
    entry.issueIds
      ? entry.issueIds.includes(issue)
      : !!wanted &&
        (entry.title.toLowerCase().includes(wanted) ||
          (typeof entry.notes === 'string' && entry.notes.toLowerCase().includes(wanted))),
  );
}
