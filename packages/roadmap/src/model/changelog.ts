import { type Changelog, changelogSeenKey } from '@hearken/core';
import type { KeyValueStorage } from '@hearken/ui/dom';
import { changelogReadState, changelogSource } from '@hearken/ui/model';
import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { RoadmapSource } from '../options.ts';
import { type ChangelogEntry, createChangelogHistory, type HistoryState } from './changelog-history.ts';
import { changelogPageReader } from './changelog-source.ts';
import type { LoadState, RoadmapData } from './load.ts';

/** The workspace's published changelog, as far as this reader has read and seen it. */
export interface RoadmapChangelog {
  /** The latest published entry (the portal's), or `null`. */
  readonly latest: ReadonlySignal<Changelog | null>;
  /**
   * The published entries read so far, newest first: the whole history a page at a time through a
   * proxy in changelog portal mode, else the latest entry alone. Empty while the workspace does
   * not publish its changelog.
   */
  readonly entries: ReadonlySignal<readonly ChangelogEntry[]>;
  /** Where the history stands: `latest` (only the latest entry can be read), `loading`, `error`, `ready`. */
  readonly state: ReadonlySignal<HistoryState>;
  /**
   * How many entries of the first page (or the latest entry) this reader has not seen. The read
   * state is kept per workspace and shared by every widget of the page and other tabs.
   */
  readonly unread: ReadonlySignal<number>;
  /** Whether an entry is marked new: unread, or read since this model started. */
  isNew(id: string): boolean;
  /** Reads the next page of the history; resolves when it is in or failed (`state.error`). */
  loadOlder(): Promise<void>;
  /** Marks every entry shown as read. */
  markSeen(): void;
}

export interface ChangelogOptions {
  source: ReadonlySignal<RoadmapSource>;
  storage: ReadonlySignal<KeyValueStorage>;
  /** The portal's load: the history waits for it, and rereads with its refreshes. */
  load: { readonly state: ReadonlySignal<LoadState>; readonly reloads: ReadonlySignal<number> };
  data: ReadonlySignal<RoadmapData | null>;
}

/** The changelog of the portal's data, with the history through the source's proxy. */
export function createChangelog(options: ChangelogOptions): RoadmapChangelog & { dispose(): void } {
  const { source, data, load } = options;
  const read = changelogReadState(
    options.storage,
    computed(() => changelogSeenKey(source.value.workspace ?? '')),
  );
  const latest = computed(() => {
    const current = data.value;
    return current?.workspace.changelogPublic && current.changelog ? current.changelog : null;
  });
  // Apart, so that a change of workspace or language keeps the reader (and its ETags).
  const pageBase = computed(() => changelogSource(source.value.proxy, source.value.apiBase));
  const fetch = computed(() => source.value.fetch);
  const history = createChangelogHistory({
    reader: computed(() => {
      const base = pageBase.value;
      return base ? changelogPageReader(base, fetch.value) : null;
    }),
    ready: computed(() => load.state.value.status === 'ready' || load.state.value.status === 'error'),
    reloads: load.reloads,
    latest,
    read,
  });
  const entries = computed(() => (data.value?.workspace.changelogPublic ? history.entries.value : []));
  return {
    latest,
    entries,
    state: history.state,
    // Only while the workspace publishes its changelog: a hidden one has nothing to read.
    unread: computed(() => (entries.value.length ? history.unread.value : 0)),
    isNew: history.isNew,
    loadOlder: history.loadOlder,
    markSeen: history.markSeen,
    dispose() {
      history.dispose();
      read.dispose();
    },
  };
}
