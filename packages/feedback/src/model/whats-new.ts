import {
  type ChangelogEntry,
  changelogAnnouncedKey,
  changelogEntry,
  changelogSeenKey,
  listPublishedChangelogs,
} from '@hearken/core';
import { changelogShownOnPage } from '@hearken/ui/changelog-shown';
import { type KeyValueStorage, readText, writeText } from '@hearken/ui/dom';
import {
  CHANGELOG_PAGE_SIZE,
  changelogReadState,
  changelogSource,
  countUnread,
  firstChangelogPageKey,
  sharedRead,
} from '@hearken/ui/model';
import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import { portalConnection } from './portal-connection.ts';

/** Where the newest entries are read and the read state kept. */
export interface WhatsNewSource {
  /** Key proxy; in its changelog portal mode it serves the published list. */
  proxy: string;
  /** Where the public reads go; the list is read from the proxy only when it is the proxy too. */
  apiBase?: string | undefined;
  /** Workspace id: the read state is kept per workspace. Without it nothing is read. */
  workspace?: string | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  storage: KeyValueStorage;
}

/** The newest published changelog entries and what this reader has not seen of them. */
export interface WhatsNew {
  /** The newest entries (one page), newest first; the latest entry alone where the list is not served. */
  readonly entries: ReadonlySignal<readonly ChangelogEntry[]>;
  /** How many of them this reader has not seen, in any widget of the page or another tab. */
  readonly unread: ReadonlySignal<number>;
  /** The newest unread entry a popup has not shown yet in this browser, or `null`. */
  readonly announcement: ReadonlySignal<ChangelogEntry | null>;
  /** Whether an entry is unread, or was read since this model started. */
  isNewEntry(id: string): boolean;
  /** Records every entry as read (here, in the roadmap, in other tabs). */
  markSeen(): void;
  /** Records that a popup showed `announcement`, so it never shows again in this browser. */
  markAnnounced(): void;
  dispose(): void;
}

/**
 * Reads the first page of the published changelog through the proxy whenever the source changes,
 * falling back to `latest` (the portal's latest entry) when the proxy does not serve the list.
 * Nothing shows while `hidden` (a workspace that keeps its changelog private).
 */
export function createWhatsNew(
  source: ReadonlySignal<WhatsNewSource>,
  latest: ReadonlySignal<ChangelogEntry | null>,
  hidden: ReadonlySignal<boolean>,
): WhatsNew {
  const storage = computed(() => source.value.storage);
  const workspace = computed(() => source.value.workspace ?? '');
  const read = changelogReadState(
    storage,
    computed(() => changelogSeenKey(workspace.value)),
  );
  const announcedKey = computed(() => changelogAnnouncedKey(workspace.value));
  const announced = signal<string | null>(null);
  // undefined while the first page loads, null where the list is not served.
  const listed = signal<readonly ChangelogEntry[] | null | undefined>(undefined);
  const readHere = signal<ReadonlySet<string>>(new Set());

  const stops = [
    effect(() => {
      const { proxy, apiBase, workspace: id, fetch } = source.value;
      const base = changelogSource(proxy, apiBase);
      return untracked(() => {
        listed.value = undefined;
        if (!id) return undefined;
        if (!base) {
          listed.value = null;
          return undefined;
        }
        const abort = new AbortController();
        // The roadmap on the page reads the same page when its view loads: one response serves both.
        sharedRead(
          fetch,
          firstChangelogPageKey(base),
          (signal) =>
            listPublishedChangelogs(portalConnection(base, fetch), { limit: CHANGELOG_PAGE_SIZE }, { signal }),
          abort.signal,
        ).then(
          ({ data }) => {
            if (!abort.signal.aborted) listed.value = data.map(changelogEntry);
          },
          // Not served (no changelog portal mode) or not reachable: the latest entry stands in.
          () => {
            if (!abort.signal.aborted) listed.value = null;
          },
        );
        return () => abort.abort();
      });
    }),
    effect(() => {
      announced.value = readText(storage.value, announcedKey.value);
    }),
  ];

  const entries = computed<readonly ChangelogEntry[]>(() => {
    const list = listed.value;
    if (!workspace.value || list === undefined || hidden.value) return [];
    const entry = latest.value;
    return list ?? (entry ? [entry] : []);
  });
  const ids = computed(() => entries.value.map((entry) => entry.id));
  // A first visit (nothing read yet) to a page where no widget shows the changelog sets where new
  // begins: the newest entry counts as read, so a launcher shows no "9+" for a year of entries
  // this visitor never saw, and counts what is published after it.
  const firstVisit = computed(
    () =>
      read.seenId.value === null && ids.value.length > 0 && !changelogShownOnPage(changelogSeenKey(workspace.value)),
  );
  const unreadIds = computed(
    () => new Set(firstVisit.value ? [] : ids.value.slice(0, countUnread(ids.value, read.seenId.value))),
  );
  stops.push(
    effect(() => {
      const newest = ids.value[0];
      if (firstVisit.value && newest) untracked(() => read.markSeen(newest));
    }),
  );

  return {
    entries,
    unread: computed(() => unreadIds.value.size),
    announcement: computed(() => {
      const newest = entries.value[0];
      return newest && unreadIds.value.has(newest.id) && announced.value !== newest.id ? newest : null;
    }),
    isNewEntry: (id) => unreadIds.value.has(id) || readHere.value.has(id),
    markSeen() {
      const newest = ids.peek()[0];
      if (newest === undefined || read.seenId.peek() === undefined) return;
      const unread = unreadIds.peek();
      if (unread.size) readHere.value = new Set([...readHere.peek(), ...unread]);
      read.markSeen(newest);
    },
    markAnnounced() {
      const newest = entries.peek()[0];
      if (!newest) return;
      writeText(storage.peek(), announcedKey.peek(), newest.id);
      announced.value = newest.id;
    },
    dispose() {
      for (const stop of stops) stop();
      read.dispose();
    },
  };
}
