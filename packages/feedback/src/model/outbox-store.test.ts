// @vitest-environment node
import 'fake-indexeddb/auto';
import { FEEDBACK_OUTBOX_KEY, FEEDBACK_OUTBOX_PENDING_KEY } from '@hearken/core';
import { memoryStorage, resolveStorage } from '@hearken/ui/dom';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueuedSubmission } from './outbox.ts';
import { indexedDbOutboxStore, keyValueOutboxStore, type OutboxStore, withFallback } from './outbox-store.ts';

const PROXY = 'https://proxy.test';

function entry(key: string, extra: Partial<QueuedSubmission> = {}): QueuedSubmission {
  return {
    key,
    proxy: PROXY,
    input: { text: `text ${key}`, origin: 'WIDGET' },
    honeypot: '',
    fillMs: 1_000,
    attempts: 0,
    notBefore: 0,
    ...extra,
  };
}

// The page's storage as the widgets find it (looked up once per page, so whatever an earlier test
// file in the same worker found): a memory store here, where Node has no `localStorage`.
const local = resolveStorage(undefined);

beforeEach(() => {
  // A fresh database and empty storage for each test.
  globalThis.indexedDB = new IDBFactory();
  for (const key of [FEEDBACK_OUTBOX_KEY, FEEDBACK_OUTBOX_PENDING_KEY]) local.removeItem(key);
});

describe('the IndexedDB outbox', () => {
  it('keeps a submission with its attachment across page loads, byte for byte', async () => {
    const attachment = {
      blob: new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }),
      type: 'image/png',
      name: 'screenshot.png',
      label: 'Screenshot',
    };
    const stored = entry('k1', { attachments: [attachment], messageKey: 'm1', queuedAt: 1 });
    expect(await indexedDbOutboxStore().add(stored, 20)).toBe(true);
    const [kept] = await indexedDbOutboxStore().list();
    expect(kept).toMatchObject({
      key: 'k1',
      messageKey: 'm1',
      attachments: [{ type: 'image/png', name: 'screenshot.png' }],
    });
    expect([...new Uint8Array(await kept!.attachments![0]!.blob.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
  });

  it('sends the screenshot an earlier version queued as `image` as an attachment', async () => {
    const image = {
      blob: new Blob([new Uint8Array([1, 2])], { type: 'image/jpeg' }),
      type: 'image/jpeg',
      width: 2,
      height: 1,
    };
    await indexedDbOutboxStore().add({ ...entry('k1', { queuedAt: 1 }), image } as QueuedSubmission, 20);
    const [kept] = await indexedDbOutboxStore().list();
    expect(kept).not.toHaveProperty('image');
    expect(kept?.attachments).toMatchObject([{ type: 'image/jpeg', name: 'screenshot.jpg', label: 'Screenshot' }]);
  });

  it('moves what an earlier version queued in localStorage over, in order, and forgets it there', async () => {
    local.setItem(FEEDBACK_OUTBOX_KEY, JSON.stringify([entry('old-1'), entry('old-2')]));
    const store = indexedDbOutboxStore();
    expect((await store.list()).map((queued) => queued.key)).toEqual(['old-1', 'old-2']);
    expect(local.getItem(FEEDBACK_OUTBOX_KEY)).toBeNull();
    // A second page (or tab) finds them in IndexedDB, once each.
    expect((await indexedDbOutboxStore().list()).map((queued) => queued.key)).toEqual(['old-1', 'old-2']);
  });

  it('adds each key once, refuses beyond the limit, changes and removes, and notes which proxies wait', async () => {
    const store = indexedDbOutboxStore();
    expect(await store.add(entry('a', { queuedAt: 1 }), 2)).toBe(true);
    expect(await store.add(entry('a', { queuedAt: 1, attempts: 9 }), 2)).toBe(true);
    expect(await store.add(entry('b', { queuedAt: 2, proxy: 'https://other.test' }), 2)).toBe(true);
    expect(await store.add(entry('c', { queuedAt: 3 }), 2)).toBe(false);
    expect(JSON.parse(local.getItem(FEEDBACK_OUTBOX_PENDING_KEY) ?? '[]')).toEqual([PROXY, 'https://other.test']);
    await store.change('a', (queued) => ({ ...queued, thread: { id: 't1', ticket: 'x' } }));
    await store.change('gone', (queued) => ({ ...queued, attempts: 5 }));
    expect(await store.list()).toMatchObject([{ key: 'a', attempts: 0, thread: { id: 't1' } }, { key: 'b' }]);
    await store.remove('b');
    expect((await store.list()).map((queued) => queued.key)).toEqual(['a']);
    expect(JSON.parse(local.getItem(FEEDBACK_OUTBOX_PENDING_KEY) ?? '[]')).toEqual([PROXY]);
  });
});

describe('withFallback', () => {
  it('goes on in its fallback once IndexedDB fails (a private mode that blocks it)', async () => {
    const broken: OutboxStore = {
      list: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      add: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      change: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
      remove: () => Promise.reject(new DOMException('blocked', 'InvalidStateError')),
    };
    const memory = keyValueOutboxStore(memoryStorage());
    const store = withFallback(broken, () => memory);
    expect(await store.add(entry('k1'), 20)).toBe(true);
    expect((await store.list()).map((queued) => queued.key)).toEqual(['k1']);
  });
});
