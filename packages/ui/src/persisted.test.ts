import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persisted } from './persisted.ts';
import { type KeyValueStorage, memoryStorage, resolveStorage } from './storage.ts';

const list = {
  parse: (text: string | null): string[] => (text ? (JSON.parse(text) as string[]) : []),
  serialize: (value: string[]) => (value.length ? JSON.stringify(value) : null),
};

afterEach(() => vi.useRealTimers());

describe('persisted', () => {
  it('reads the value under the current key, stores writes, and removes the key for an empty value', () => {
    const storage = signal(memoryStorage());
    storage.value.setItem('a', '["x"]');
    const key = signal('a');
    const value = persisted({ storage, key, ...list });
    expect(value.value.value).toEqual(['x']);
    key.value = 'b';
    expect(value.value.value).toEqual([]);
    value.set(['y']);
    expect(storage.value.getItem('b')).toBe('["y"]');
    value.set([]);
    expect(storage.value.getItem('b')).toBeNull();
  });

  it('writes over what another tab stored meanwhile, and stores nothing when the update keeps it', () => {
    const storage = signal(memoryStorage());
    const value = persisted({ storage, key: signal('k'), ...list });
    storage.value.setItem('k', '["other tab"]');
    value.write((stored) => [...stored, 'mine']);
    expect(storage.value.getItem('k')).toBe('["other tab","mine"]');
    const setItem = vi.spyOn(storage.value, 'setItem');
    value.write((stored) => stored);
    expect(setItem).not.toHaveBeenCalled();
    storage.value.setItem('k', '["changed"]');
    value.reread();
    expect(value.value.value).toEqual(['changed']);
  });

  it('with deferRead, reads in a task of its own after each key change', () => {
    vi.useFakeTimers();
    const storage = signal(memoryStorage());
    storage.value.setItem('k', '["x"]');
    const value = persisted({ storage, key: signal('k'), ...list, deferRead: true });
    expect(value.value.value).toEqual([]);
    vi.runAllTimers();
    expect(value.value.value).toEqual(['x']);
    value.dispose();
  });

  it('keeps the value for the page where storage refuses it', () => {
    const refusing: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const value = persisted({ storage: signal(refusing), key: signal('k'), ...list });
    value.set(['kept']);
    expect(value.value.value).toEqual(['kept']);
  });
});

describe('resolveStorage', () => {
  it('gives a given storage as it is, localStorage by default, and a storage of its own for null', () => {
    const given = memoryStorage();
    expect(resolveStorage(given)).toBe(given);
    expect(resolveStorage(undefined)).toBe(localStorage);
    const own = resolveStorage(null);
    own.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBeNull();
    expect(resolveStorage(null).getItem('k')).toBeNull();
  });
});
