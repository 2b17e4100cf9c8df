import { useStoredValue } from './storage.ts';

/**
 * Hook: whether the workspace's latest changelog is new to this reader. Stored per workspace in
 * localStorage, so opening it in one tab clears the badge in the others too.
 */
export function useChangelogSeen(
  workspace: string,
  changelogId: string | null,
): [isNew: boolean, markSeen: () => void] {
  const [seen, store] = useStoredValue(`hearken:changelog-seen:${workspace}`);
  const isNew = changelogId !== null && seen !== changelogId;
  return [
    isNew,
    () => {
      if (isNew && changelogId !== null) store(changelogId);
    },
  ];
}
