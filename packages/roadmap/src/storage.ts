import { effect, type ReadonlySignal, type Signal, signal } from '@preact/signals';

/** Where the model keeps the reader's votes and the last changelog read: `localStorage` or alike. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** `localStorage` where there is one and it may be used, else `null` (the model then just forgets). */
export function defaultStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Reading `localStorage` throws in some privacy modes and sandboxed iframes.
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** A string kept in storage under a key that may change, as a signal. */
export interface StoredValue {
  readonly value: ReadonlySignal<string | null>;
  /** Writes `update(stored value as it is now)`, so writes from other tabs are not lost. */
  write(update: (stored: string | null) => string): void;
  /** Reads the stored value again (another tab changed it). */
  reread(): void;
  dispose(): void;
}

/**
 * The value stored under `key`, read in a task of its own after the key is set: the first access to
 * localStorage in a page can take many milliseconds, and nothing shows the value before data.
 */
export function storedValue(storage: KeyValueStorage | null, key: ReadonlySignal<string>): StoredValue {
  const value: Signal<string | null> = signal(null);
  const dispose = effect(() => {
    const current = key.value;
    value.value = null;
    const timer = setTimeout(() => {
      value.value = read(storage, current);
    }, 0);
    return () => clearTimeout(timer);
  });
  return {
    value,
    write(update) {
      const next = update(read(storage, key.peek()));
      try {
        storage?.setItem(key.peek(), next);
      } catch {
        // Nothing to do: the value lives for this page only.
      }
      value.value = next;
    },
    reread() {
      value.value = read(storage, key.peek());
    },
    dispose,
  };
}

/** A stored JSON list of strings; anything else reads as empty. */
export function parseList(value: string | null): string[] {
  try {
    const list: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
