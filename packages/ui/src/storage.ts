/**
 * Where a widget keeps what outlasts the page (a draft, queued submissions, votes): the part of
 * Web Storage the widgets use, `localStorage` in browsers.
 *
 * Every widget option of this type reads the same way: `undefined` (the default) is
 * `localStorage` where the page may use it, else memory for this page; `null` is memory for this
 * widget only (kept while it lives), so nothing is written anywhere. Either way the widget works; it
 * only forgets sooner.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A storage that lasts as long as the page. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** `localStorage` when the page may use it (it throws in some privacy modes and sandboxed iframes), else null. */
function browserStorage(): KeyValueStorage | null {
  try {
    const storage = globalThis.localStorage;
    const probe = '__hearken_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

let pageStorage: KeyValueStorage | undefined;

/**
 * The storage a widget option names, as {@link KeyValueStorage} documents it: the given one; for
 * `undefined`, `localStorage`, else one in-memory storage the page's widgets share; for `null`, a
 * new in-memory storage of the caller's own.
 */
export function resolveStorage(option: KeyValueStorage | null | undefined): KeyValueStorage {
  if (option) return option;
  if (option === null) return memoryStorage();
  pageStorage ??= browserStorage() ?? memoryStorage();
  return pageStorage;
}

/** The text stored under `key`, or null; a blocked storage reads as empty. */
export function readText(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `text` under `key` (`null` removes it); false when the storage is full or blocked. */
export function writeText(storage: KeyValueStorage, key: string, text: string | null): boolean {
  try {
    if (text === null) storage.removeItem(key);
    else storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** The JSON stored under `key`, or null when absent, unreadable or not JSON. */
export function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  try {
    const text = readText(storage, key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; false when the storage is full or blocked. */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): boolean {
  return writeText(storage, key, JSON.stringify(value));
}
