import type { ChangelogEntry } from '@hearken/core';
import { type ChangelogReadState, countUnread } from '@hearken/ui/model';
import { batch, computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import { describeError, type RoadmapError } from './load.ts';

export type { ChangelogEntry };

/** One page of published entries, newest first; `cursor` reads the next, `null` after the last. */
export interface HistoryPage {
  entries: ChangelogEntry[];
  cursor: string | null;
}

/** Reads the page after `cursor` (`null`: the first). */
export type ChangelogPageReader = (cursor: string | null, signal: AbortSignal) => Promise<HistoryPage>;

/**
 * Where the whole history stands: `latest` when there is none to read (no proxy, or one not in
 * changelog portal mode), so only the portal's latest entry shows; `error` when the first page
 * failed otherwise (the latest entry still shows); `ready` with the pages read so far.
 */
export type HistoryState =
  | { status: 'latest' }
  | { status: 'loading' }
  | { status: 'error'; error: RoadmapError }
  | {
      status: 'ready';
      entries: readonly ChangelogEntry[];
      /** More pages to read. */
      hasMore: boolean;
      /** A `loadOlder()` is under way. */
      loadingOlder: boolean;
      /** The last `loadOlder()` failed. */
      error?: RoadmapError;
    };

export interface ChangelogHistory {
  readonly state: ReadonlySignal<HistoryState>;
  /** The entries to show, newest first: the pages read, else the latest entry alone (or none). */
  readonly entries: ReadonlySignal<readonly ChangelogEntry[]>;
  /** How many of them this reader has not seen. */
  readonly unread: ReadonlySignal<number>;
  /** Whether an entry is new to this reader: unread, or read since this model started. */
  isNew(id: string): boolean;
  /** Reads the next page; resolves when it is in (or failed: see the state's `error`). */
  loadOlder(): Promise<void>;
  /** Records every entry shown as read. */
  markSeen(): void;
  dispose(): void;
}

// Answers that mean "no history here": no such route (a proxy without changelog portal mode),
// or a service that wants a key.
const NO_HISTORY = new Set([401, 403, 404]);

/**
 * The whole published changelog, read a page at a time through `reader`, with the read state
 * `read`. Reads the first page once `ready` holds, and again whenever the reader changes or
 * `reloads` counts up.
 */
export function createChangelogHistory(options: {
  reader: ReadonlySignal<ChangelogPageReader | null>;
  /** Whether to read now (the roadmap waits for its own reads, so this one never slows them). */
  ready: ReadonlySignal<boolean>;
  reloads: ReadonlySignal<number>;
  latest: ReadonlySignal<ChangelogEntry | null>;
  read: ChangelogReadState;
}): ChangelogHistory {
  const { reader, ready, reloads, latest, read } = options;
  const state = signal<HistoryState>({ status: reader.peek() ? 'loading' : 'latest' });
  let cursor: string | null = null;
  let older: AbortController | undefined;
  // Read in this model's life: still marked new after markSeen().
  const readHere = signal<ReadonlySet<string>>(new Set());

  const stop = effect(() => {
    const read = reader.value;
    const now = ready.value;
    reloads.value;
    return untracked(() => {
      older?.abort();
      if (!read) {
        state.value = { status: 'latest' };
        return undefined;
      }
      if (!now) {
        if (state.value.status !== 'ready') state.value = { status: 'loading' };
        return undefined;
      }
      const abort = new AbortController();
      if (state.value.status !== 'ready') state.value = { status: 'loading' };
      read(null, abort.signal).then(
        (page) => {
          if (abort.signal.aborted) return;
          cursor = page.cursor;
          state.value = { status: 'ready', entries: page.entries, hasMore: page.cursor !== null, loadingOlder: false };
        },
        (reason: unknown) => {
          if (abort.signal.aborted) return;
          const error = describeError(reason);
          state.value =
            error.status && NO_HISTORY.has(error.status) ? { status: 'latest' } : { status: 'error', error };
        },
      );
      return () => abort.abort();
    });
  });

  const entries = computed<readonly ChangelogEntry[]>(() => {
    const current = state.value;
    if (current.status === 'ready') return current.entries;
    const entry = latest.value;
    return entry ? [entry] : [];
  });
  const ids = computed(() => entries.value.map((entry) => entry.id));
  // While the first page loads only the latest entry shows: counting it would announce 1, then the page's count.
  const counted = computed(() => (state.value.status === 'loading' ? [] : ids.value));
  const unreadIds = computed(() => new Set(counted.value.slice(0, countUnread(counted.value, read.seenId.value))));

  return {
    state,
    entries,
    unread: computed(() => unreadIds.value.size),
    isNew: (id) => unreadIds.value.has(id) || readHere.value.has(id),
    async loadOlder() {
      const current = state.peek();
      const read = reader.peek();
      if (current.status !== 'ready' || !current.hasMore || current.loadingOlder || !read) return;
      const abort = new AbortController();
      older = abort;
      state.value = { status: 'ready', entries: current.entries, hasMore: true, loadingOlder: true };
      try {
        const page = await read(cursor, abort.signal);
        if (abort.signal.aborted) return;
        cursor = page.cursor;
        const shown = new Set(current.entries.map((entry) => entry.id));
        state.value = {
          status: 'ready',
          // An entry published meanwhile shifts the pages: skip what is shown already.
          entries: [...current.entries, ...page.entries.filter((entry) => !shown.has(entry.id))],
          hasMore: page.cursor !== null,
          loadingOlder: false,
        };
      } catch (reason) {
        if (abort.signal.aborted) return;
        state.value = { ...current, loadingOlder: false, error: describeError(reason) };
      }
    },
    markSeen() {
      const newest = ids.peek()[0];
      if (newest === undefined || read.seenId.peek() === undefined) return;
      batch(() => {
        const unread = unreadIds.peek();
        if (unread.size) readHere.value = new Set([...readHere.peek(), ...unread]);
        read.markSeen(newest);
      });
    },
    dispose() {
      older?.abort();
      stop();
    },
  };
}
