import { effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { type KeyValueStorage, readText, writeText } from './storage.ts';

/** Options of {@link persisted}. */
export interface PersistedOptions<T> {
  /** Where the value is kept; when it changes, the value is read from the new one. */
  storage: ReadonlySignal<KeyValueStorage>;
  /** The key it is kept under; when it changes, the value is read anew. */
  key: ReadonlySignal<string>;
  /** The value a stored text stands for (`null`: nothing stored); anything unreadable should parse as empty. */
  parse(text: string | null): T;
  /** The text to store for a value; `null` removes the key. */
  serialize(value: T): string | null;
  /**
   * Read in a task of its own after the key is set, with `parse(null)` until then: the first access
   * to `localStorage` in a page can take many milliseconds, too long for the task that starts a
   * widget when nothing shows the value before its data. Default false (read at once).
   */
  deferRead?: boolean;
}

/** A value kept in storage, as a signal. */
export interface Persisted<T> {
  readonly value: ReadonlySignal<T>;
  /** Stores `next` and shows it; the signal holds it for the page even where storage refuses it. */
  set(next: T): void;
  /**
   * Stores `update(the value stored now)`, so what another tab stored meanwhile is not lost. An
   * update returning its argument itself stores and changes nothing.
   */
  write(update: (stored: T) => T): void;
  /** Reads the stored value again (another tab changed it). */
  reread(): void;
  /** Stops following the storage and the key; the signal keeps its last value. */
  dispose(): void;
}

/** One value kept in a {@link KeyValueStorage} under a key that may change, as a signal. */
export function persisted<T>(options: PersistedOptions<T>): Persisted<T> {
  const { storage, key, parse, serialize } = options;
  const read = () => parse(readText(storage.peek(), key.peek()));
  const value = signal(parse(null));
  const dispose = effect(() => {
    void storage.value;
    void key.value;
    if (!options.deferRead) {
      value.value = read();
      return undefined;
    }
    value.value = parse(null);
    const timer = setTimeout(() => {
      value.value = read();
    }, 0);
    return () => clearTimeout(timer);
  });
  const set = (next: T) => {
    writeText(storage.peek(), key.peek(), serialize(next));
    value.value = next;
  };
  return {
    value,
    set,
    write(update) {
      const stored = read();
      const next = update(stored);
      if (next !== stored) set(next);
    },
    reread() {
      value.value = read();
    },
    dispose,
  };
}
