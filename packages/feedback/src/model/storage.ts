/** The part of Web Storage the widget uses; `localStorage` in browsers, a Map-backed store in tests. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `localStorage` when the page may use it (it throws in some privacy modes), else null. */
export function browserStore(): KeyValueStore | null {
  try {
    const store = globalThis.localStorage;
    const probe = '__hearken_probe__';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return store;
  } catch {
    return null;
  }
}

export function readJson<T>(store: KeyValueStore | null, key: string): T | null {
  try {
    const text = store?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Writes and reports success; a full or blocked store returns false instead of throwing. */
export function writeJson(store: KeyValueStore | null, key: string, value: unknown): boolean {
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** A store that lasts as long as the page: used where Web Storage is unavailable. */
export function memoryStore(): KeyValueStore {
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

let pageStore: KeyValueStore | undefined;

/** `localStorage` where the page may use it, else one in-memory store for the page (Node, privacy modes). */
export function pageStorage(): KeyValueStore {
  pageStore ??= browserStore() ?? memoryStore();
  return pageStore;
}
