import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changelogReadState, changelogSource, countUnread } from './changelog-read.ts';
import { memoryStorage } from './storage.ts';

afterEach(() => vi.useRealTimers());

describe('countUnread', () => {
  it('counts the entries newer than the newest one read', () => {
    expect(countUnread(['c', 'b', 'a'], 'b')).toBe(1);
    expect(countUnread(['c', 'b', 'a'], 'c')).toBe(0);
  });

  it('counts every entry when nothing was read or the read one is past the list, none before the storage is read', () => {
    expect(countUnread(['c', 'b'], null)).toBe(2);
    expect(countUnread(['c', 'b'], 'gone')).toBe(2);
    expect(countUnread(['c', 'b'], undefined)).toBe(0);
    expect(countUnread([], null)).toBe(0);
  });
});

describe('changelogReadState', () => {
  it('reads the stored id in a task of its own and stores a read under the key', () => {
    vi.useFakeTimers();
    const storage = signal(memoryStorage());
    storage.value.setItem('seen:ws', 'old');
    const state = changelogReadState(storage, signal('seen:ws'));
    expect(state.seenId.value).toBeUndefined();
    vi.runAllTimers();
    expect(state.seenId.value).toBe('old');
    state.markSeen('new');
    expect(storage.value.getItem('seen:ws')).toBe('new');
    expect(state.seenId.value).toBe('new');
    state.dispose();
  });

  it('follows a read recorded by another widget of the page, and another tab', () => {
    vi.useFakeTimers();
    const storage = signal(memoryStorage());
    const key = signal('seen:ws');
    const roadmap = changelogReadState(storage, key);
    const launcher = changelogReadState(storage, key);
    vi.runAllTimers();
    expect(launcher.seenId.value).toBeNull();
    roadmap.markSeen('e2');
    expect(launcher.seenId.value).toBe('e2');
    storage.value.setItem('seen:ws', 'e3');
    dispatchEvent(new StorageEvent('storage', { key: 'seen:ws' }));
    expect(roadmap.seenId.value).toBe('e3');
    expect(launcher.seenId.value).toBe('e3');
    roadmap.dispose();
    launcher.dispose();
  });
});

describe('changelogSource', () => {
  it('reads the list from the proxy only when the public reads go through it too', () => {
    expect(changelogSource('https://site.example/hearken', undefined)).toBe('https://site.example/hearken');
    expect(changelogSource('https://site.example/hearken/', 'https://site.example/hearken')).toBe(
      'https://site.example/hearken',
    );
    // The service answers the public reads: the proxy may only take feedback.
    expect(changelogSource('https://site.example/hearken', 'https://feedback.example.com')).toBeNull();
    expect(changelogSource(null, 'https://feedback.example.com')).toBeNull();
  });
});
