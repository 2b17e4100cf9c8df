import type { ThreadUpdatesReader } from '@hearken/core';
import { requestsKey } from '@hearken/core/constants';
import { computed, type ReadonlySignal } from '@preact/signals-core';
import { type Persisted, persisted } from './persisted.ts';
import {
  type AskedFor,
  applyUpdates,
  hasMoved,
  markAllSeen,
  parseRequests,
  type Requests,
  receiptsOf,
  serializeRequests,
  withoutRequest,
  withRequest,
} from './requests.ts';
import type { KeyValueStorage } from './storage.ts';

/** Workspaces (per proxy) whose updates this page has read: one read per page load, whichever widget asks first. */
const readThisPage = new Set<string>();
/**
 * The live instances on this page (one per widget), so a write by one reaches the others now:
 * the `storage` event that tells other tabs does not fire in the tab that wrote.
 */
const onThisPage = new Set<{ key: () => string; reread: () => void }>();

export interface RequestUpdatesOptions {
  storage: ReadonlySignal<KeyValueStorage>;
  workspace: ReadonlySignal<string>;
  /** Where the reader reads from (the proxy's URL), so two proxies' reads are told apart. */
  proxy: ReadonlySignal<string | null>;
  /** Opens the proxy's updates reader (core's `createThreadUpdatesReader`), loaded only when a read is due. */
  reader(): Promise<ThreadUpdatesReader>;
}

/** The requests of a workspace, and what moved since the reader last looked. */
export interface RequestUpdates {
  /** Everything this browser asked for, with what the last read said. */
  readonly requests: ReadonlySignal<Requests>;
  /** The requests whose status moved since the reader last saw them. */
  readonly moved: ReadonlySignal<readonly AskedFor[]>;
  /** Remembers a vote or a sent thread (with its receipt). */
  remember(item: AskedFor): void;
  /** Forgets a thread (a vote taken back). */
  forget(thread: string): void;
  /** Marks every request seen as it is now (the reader opened "Your requests"). */
  markSeen(): void;
  /**
   * Reads the updates once per page load (later calls do nothing), revalidating the kept answer
   * with its ETag. Failures leave the kept answer as it was.
   */
  refresh(): Promise<void>;
  /** Follows the storage of another tab. */
  reread(): void;
  dispose(): void;
}

export function createRequestUpdates(options: RequestUpdatesOptions): RequestUpdates {
  const stored: Persisted<Requests> = persisted({
    storage: options.storage,
    key: computed(() => requestsKey(options.workspace.value)),
    parse: (text) => parseRequests(text),
    serialize: serializeRequests,
    deferRead: true,
  });
  const self = { key: () => requestsKey(options.workspace.peek()), reread: () => stored.reread() };
  onThisPage.add(self);
  const write = (change: (now: Requests) => Requests) => {
    stored.write(change);
    for (const other of onThisPage) if (other !== self && other.key() === self.key()) other.reread();
  };
  return {
    requests: stored.value,
    moved: computed(() => stored.value.value.items.filter(hasMoved)),
    remember: (item) => write((now) => withRequest(now, item)),
    forget: (thread) => write((now) => withoutRequest(now, thread)),
    markSeen: () => write(markAllSeen),
    async refresh() {
      const proxy = options.proxy.peek();
      const workspace = options.workspace.peek();
      const page = `${proxy}|${workspace}`;
      if (!proxy || !workspace || readThisPage.has(page)) return;
      stored.reread();
      const kept = stored.value.peek();
      if (kept.items.length === 0) return;
      readThisPage.add(page);
      const receipts = receiptsOf(kept);
      try {
        const read = await (await options.reader())({ receipts }, { etag: kept.etag });
        if (!read.changed) return;
        write((now) => applyUpdates(now, receipts, read.updates, read.etag));
      } catch {
        // Nothing to show for now: the kept answer stands until the next page load.
      }
    },
    reread: () => stored.reread(),
    dispose() {
      onThisPage.delete(self);
      stored.dispose();
    },
  };
}
