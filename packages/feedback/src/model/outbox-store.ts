import {
  FEEDBACK_OUTBOX_DB,
  FEEDBACK_OUTBOX_KEY,
  FEEDBACK_OUTBOX_PENDING_KEY,
  FEEDBACK_OUTBOX_STORE,
} from '@hearken/core';
import { type KeyValueStorage, readJson, resolveStorage, writeJson, writeText } from '@hearken/ui/dom';
import { createStore, del, promisifyRequest, type UseStore, values } from 'idb-keyval';
import { screenshotName } from './screenshot.ts';
import type { QueuedSubmission } from './submission.ts';

/** Where the queue's entries are kept: one record per submission, by its Idempotency-Key. */
export interface OutboxStore {
  /** Every entry, oldest first. */
  list(): Promise<QueuedSubmission[]>;
  /** Stores `entry` unless its key is there already (true then too); false when `limit` entries wait or the store refuses. */
  add(entry: QueuedSubmission, limit: number): Promise<boolean>;
  /** Changes the entry under `key`, read and written in one step; nothing when it is gone. */
  change(key: string, update: (entry: QueuedSubmission) => QueuedSubmission): Promise<void>;
  remove(key: string): Promise<void>;
}

const byAge = (a: QueuedSubmission, b: QueuedSubmission) => (a.queuedAt ?? 0) - (b.queuedAt ?? 0);

// Attachments of entries kept in a Web Storage, which holds text only: they last as long as the page.
const pageAttachments = new Map<string, QueuedSubmission['attachments']>();

/** An entry an earlier version stored with its screenshot as `image`: the same file as an attachment. */
function upgraded(entry: QueuedSubmission & { image?: { blob: Blob; type: string } }): QueuedSubmission {
  const { image, ...rest } = entry;
  if (!image || rest.attachments) return rest;
  return {
    ...rest,
    attachments: [{ blob: image.blob, type: image.type, name: screenshotName(image.type), label: 'Screenshot' }],
  };
}

/**
 * The queue as one JSON list in a {@link KeyValueStorage} (a host's own storage, or memory): the
 * text survives a reload where the storage does, an attachment only as long as the page.
 */
export function keyValueOutboxStore(storage: KeyValueStorage): OutboxStore {
  const read = (): QueuedSubmission[] => {
    const all = readJson<QueuedSubmission[]>(storage, FEEDBACK_OUTBOX_KEY);
    return (Array.isArray(all) ? all : []).map((entry) => {
      const attachments = pageAttachments.get(entry.key);
      return attachments ? { ...entry, attachments } : entry;
    });
  };
  const write = (list: QueuedSubmission[]): boolean =>
    writeJson(
      storage,
      FEEDBACK_OUTBOX_KEY,
      list.map(({ attachments, ...entry }) => {
        if (attachments) pageAttachments.set(entry.key, attachments);
        return entry;
      }),
    );
  return {
    list: async () => read(),
    async add(entry, limit) {
      const list = read();
      if (list.some((queued) => queued.key === entry.key)) return true;
      return list.length < limit && write([...list, entry]);
    },
    async change(key, update) {
      // Re-read first: another tab may have changed the queue since we last looked.
      write(read().map((entry) => (entry.key === key ? update(entry) : entry)));
    },
    async remove(key) {
      pageAttachments.delete(key);
      write(read().filter((entry) => entry.key !== key));
    },
  };
}

/** Notes which proxies have entries waiting, for the eager element (see {@link FEEDBACK_OUTBOX_PENDING_KEY}). */
function notePending(list: QueuedSubmission[]): void {
  const proxies = [...new Set(list.map((entry) => entry.proxy))];
  writeJson(resolveStorage(undefined), FEEDBACK_OUTBOX_PENDING_KEY, proxies);
}

/**
 * Moves what an earlier version queued in `localStorage` into IndexedDB, keeping its order, and
 * removes it there only once IndexedDB holds it, so nothing queued before is lost.
 */
async function migrate(store: UseStore): Promise<void> {
  const legacy = resolveStorage(undefined);
  const old = readJson<QueuedSubmission[]>(legacy, FEEDBACK_OUTBOX_KEY);
  if (!Array.isArray(old)) return;
  const start = Date.now() - old.length;
  await store('readwrite', (objects) => {
    old.forEach((entry, index) => {
      // `add` leaves an entry another tab migrated (and perhaps sent on) since as it is.
      objects.add({ ...entry, queuedAt: entry.queuedAt ?? start + index }, entry.key).onerror = (event) =>
        event.preventDefault();
    });
    return promisifyRequest(objects.transaction);
  });
  writeText(legacy, FEEDBACK_OUTBOX_KEY, null);
}

/**
 * The queue in IndexedDB (through `idb-keyval`), where a file fits: each entry is one record,
 * changed in one read-write transaction, so tabs sharing the queue never overwrite each other.
 */
export function indexedDbOutboxStore(): OutboxStore {
  const store = createStore(FEEDBACK_OUTBOX_DB, FEEDBACK_OUTBOX_STORE);
  let migration: Promise<void> | undefined;
  const ready = () => (migration ??= migrate(store));
  const list = async () => {
    await ready();
    return (await values<QueuedSubmission>(store)).map(upgraded).sort(byAge);
  };
  const written = async () => notePending(await list());
  return {
    list,
    async add(entry, limit) {
      await ready();
      // Callbacks, not awaits, inside the transaction: it must not commit between the reads and the write.
      const added = await store('readwrite', (objects) => {
        let result = false;
        const count = objects.count();
        count.onsuccess = () => {
          const present = objects.getKey(entry.key);
          present.onsuccess = () => {
            if (present.result !== undefined) result = true;
            else if (count.result < limit) {
              objects.put(entry, entry.key);
              result = true;
            }
          };
        };
        return promisifyRequest(objects.transaction).then(() => result);
      });
      await written();
      return added;
    },
    async change(key, update) {
      await ready();
      await store('readwrite', (objects) => {
        const request = objects.get(key);
        request.onsuccess = () => {
          if (request.result) objects.put(update(request.result as QueuedSubmission), key);
        };
        return promisifyRequest(objects.transaction);
      });
    },
    async remove(key) {
      await ready();
      await del(key, store);
      await written();
    },
  };
}

/**
 * Uses `primary` while it works; from its first failure on (IndexedDB missing or blocked, as in
 * some private modes), `fallback` for the rest of the page.
 */
export function withFallback(primary: OutboxStore, fallback: () => OutboxStore): OutboxStore {
  let current = primary;
  const run =
    <A extends unknown[], R>(call: (store: OutboxStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (current === primary) {
        try {
          return await call(primary, ...args);
        } catch {
          current = fallback();
        }
      }
      return call(current, ...args);
    };
  return {
    list: run((store) => store.list()),
    add: run((store, entry: QueuedSubmission, limit: number) => store.add(entry, limit)),
    change: run((store, key: string, update: (entry: QueuedSubmission) => QueuedSubmission) =>
      store.change(key, update),
    ),
    remove: run((store, key: string) => store.remove(key)),
  };
}

let pageStore: OutboxStore | undefined;

/**
 * The store a `storage` option names: for `undefined` (the default), IndexedDB where the page
 * has it, shared by the page's widgets, else `localStorage` or memory as today's storage does; a
 * given storage or `null` (memory for this widget) as {@link KeyValueStorage} documents it. Outside
 * IndexedDB an attachment lasts as long as the page.
 */
export function resolveOutboxStore(option: KeyValueStorage | null | undefined): OutboxStore {
  if (option !== undefined) return keyValueOutboxStore(resolveStorage(option));
  const text = () => keyValueOutboxStore(resolveStorage(undefined));
  pageStore ??= typeof indexedDB === 'undefined' ? text() : withFallback(indexedDbOutboxStore(), text);
  return pageStore;
}
