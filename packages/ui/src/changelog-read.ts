import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { type KeyValueStorage, readText, writeText } from './storage.ts';

/**
 * Which changelog entries a reader has seen, shared by the roadmap and the feedback widgets. The
 * stored value is the id of the newest entry read (what every earlier version stored), so entries
 * newer than it, in a newest-first list, are unread.
 */

/** Dispatched on `globalThis` when a widget stores a read, so the other widgets of the page follow. */
const READ_EVENT = 'hearken:changelog-read';

/**
 * How many of `ids` (newest first) are unread when `seenId` was the newest entry read: those
 * before it; all of them when it is unknown (nothing read yet, or read so long ago that it is past
 * the list); none while the stored read has not been looked at (`undefined`).
 */
export function countUnread(ids: readonly string[], seenId: string | null | undefined): number {
  if (seenId === undefined) return 0;
  const index = seenId === null ? -1 : ids.indexOf(seenId);
  return index === -1 ? ids.length : index;
}

/**
 * Entries per read of the published list, in both widgets: the unread count looks at the first
 * page, so both count alike, and it holds more than a badge's "9+" needs.
 */
export const CHANGELOG_PAGE_SIZE = 10;

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * Where a widget reads the published changelog list: the key proxy, when the public reads go
 * through it too (no `apiBase`, or `apiBase` is the proxy), as they do in its portal mode; else
 * nowhere (`null`), and the portal's latest entry stands in. A proxy that only takes feedback
 * answers the list with 404, which a page would show as a failed request on every load.
 */
export function changelogSource(proxy: string | null | undefined, apiBase: string | null | undefined): string | null {
  if (!proxy) return null;
  return !apiBase || trimmed(apiBase) === trimmed(proxy) ? trimmed(proxy) : null;
}

/** What names a read of the published list's first page through `source` (for `sharedRead`). */
export const firstChangelogPageKey = (source: string): string => `${trimmed(source)} changelogs first page`;

/** An unread count as a badge shows it: up to 9, then `9+`. */
export const unreadBadge = (count: number): string => (count > 9 ? '9+' : String(count));

/** The read state of one workspace's changelog in one storage. */
export interface ChangelogReadState {
  /** The id of the newest entry read; `null` before the first, `undefined` until the storage has been read. */
  readonly seenId: ReadonlySignal<string | null | undefined>;
  /** Records `newestId` as the newest entry read, here, in the page's other widgets and in other tabs. */
  markSeen(newestId: string): void;
  /** Stops following the key, other widgets and tabs. */
  dispose(): void;
}

/**
 * The read state kept under `key` in `storage`, read in a task of its own (the first access to
 * `localStorage` can take many milliseconds), and reread when another tab (`storage` event) or
 * another widget of this page records a read.
 */
export function changelogReadState(
  storage: ReadonlySignal<KeyValueStorage>,
  key: ReadonlySignal<string>,
): ChangelogReadState {
  const seenId = signal<string | null | undefined>(undefined);
  const read = () => {
    seenId.value = readText(storage.peek(), key.peek()) || null;
  };
  const stop = effect(() => {
    void storage.value;
    void key.value;
    seenId.value = undefined;
    const timer = setTimeout(read, 0);
    return () => clearTimeout(timer);
  });
  const target = typeof addEventListener === 'function' ? globalThis : null;
  const onChange = (event: Event) => {
    const changed = event.type === READ_EVENT ? (event as CustomEvent).detail : (event as StorageEvent).key;
    // A `storage` event without a key is a cleared storage.
    if (changed === null || changed === key.peek()) read();
  };
  target?.addEventListener('storage', onChange);
  target?.addEventListener(READ_EVENT, onChange);
  return {
    seenId,
    markSeen(newestId) {
      if (readText(storage.peek(), key.peek()) === newestId && seenId.peek() === newestId) return;
      writeText(storage.peek(), key.peek(), newestId);
      seenId.value = newestId;
      target?.dispatchEvent(new CustomEvent(READ_EVENT, { detail: key.peek() }));
    },
    dispose() {
      target?.removeEventListener('storage', onChange);
      target?.removeEventListener(READ_EVENT, onChange);
      stop();
    },
  };
}
