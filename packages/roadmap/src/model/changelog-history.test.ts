// @vitest-environment node
import { memoryStorage } from '@hearken/ui/dom';
import { changelogReadState } from '@hearken/ui/model';
import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChangelogEntry, type ChangelogPageReader, createChangelogHistory } from './changelog-history.ts';

const entry = (n: number): ChangelogEntry => ({
  id: `cl_${n}`,
  version: n,
  title: `Release ${n}`,
  date: new Date(Date.UTC(2026, 0, n)).toISOString(),
  imageUrl: null,
  notes: `<p>${n}</p>`,
});

/** Twelve entries, newest first, in pages of five. */
const ALL = Array.from({ length: 12 }, (_, index) => entry(12 - index));
const pages: ChangelogPageReader = async (cursor) => {
  const start = cursor ? Number(cursor) : 0;
  const next = start + 5 < ALL.length ? String(start + 5) : null;
  return { entries: ALL.slice(start, start + 5), cursor: next };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function setup(reader: ChangelogPageReader | null, seen?: string) {
  const storage = signal(memoryStorage());
  if (seen) storage.value.setItem('seen', seen);
  const read = changelogReadState(storage, signal('seen'));
  const latest = signal<ChangelogEntry | null>(ALL[0]!);
  const reloads = signal(0);
  const ready = signal(true);
  const history = createChangelogHistory({ reader: signal(reader), ready, reloads, latest, read });
  disposers.push(history.dispose, read.dispose);
  return { history, storage, latest, reloads, ready };
}

describe('createChangelogHistory', () => {
  it('pages through the whole history, newest first, and stops after the last page', async () => {
    const { history } = setup(pages);
    expect(history.state.value.status).toBe('loading');
    // The latest entry shows while the first page loads.
    expect(history.entries.value.map((item) => item.id)).toEqual(['cl_12']);
    await tick();
    expect(history.entries.value).toHaveLength(5);
    await history.loadOlder();
    await history.loadOlder();
    expect(history.entries.value.map((item) => item.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(history.state.value).toMatchObject({ status: 'ready', hasMore: false, loadingOlder: false });
    await history.loadOlder();
    expect(history.entries.value).toHaveLength(12);
  });

  it('counts the entries newer than the last one read and keeps them marked new after reading', async () => {
    const { history, storage } = setup(pages, 'cl_10');
    await tick();
    expect(history.unread.value).toBe(2);
    expect([history.isNew('cl_12'), history.isNew('cl_11'), history.isNew('cl_10')]).toEqual([true, true, false]);
    history.markSeen();
    expect(storage.value.getItem('seen')).toBe('cl_12');
    expect(history.unread.value).toBe(0);
    expect(history.isNew('cl_11')).toBe(true);
  });

  it('counts every entry of the first page for a first visit, and nothing while that page loads', async () => {
    const { history } = setup(pages);
    const counts: number[] = [];
    history.unread.subscribe((count) => counts.push(count));
    await tick();
    expect(history.unread.value).toBe(5);
    expect(counts).toEqual([0, 5]);
  });

  it('shows the latest entry alone, with nothing missing, without a reader or when the list is not served', async () => {
    const none = setup(null);
    await tick();
    expect(none.history.state.value).toEqual({ status: 'latest' });
    expect(none.history.entries.value.map((item) => item.id)).toEqual(['cl_12']);
    expect(none.history.unread.value).toBe(1);
    const notFound = Object.assign(new Error('Not found'), { name: 'NotFoundError', status: 404 });
    const missing = setup(() => Promise.reject(notFound));
    await tick();
    expect(missing.history.state.value).toEqual({ status: 'latest' });
    expect(missing.history.entries.value).toHaveLength(1);
  });

  it('reports a failed first page and a failed older page, keeping what it has', async () => {
    const failing = setup(() => Promise.reject(Object.assign(new TypeError('fetch failed'), { name: 'NetworkError' })));
    await tick();
    expect(failing.history.state.value).toMatchObject({ status: 'error', error: { kind: 'network' } });
    expect(failing.history.entries.value.map((item) => item.id)).toEqual(['cl_12']);

    let fail = false;
    const flaky: ChangelogPageReader = (cursor, signal) =>
      fail ? Promise.reject(new Error('boom')) : pages(cursor, signal);
    const { history } = setup(flaky);
    await tick();
    fail = true;
    await history.loadOlder();
    expect(history.state.value).toMatchObject({ status: 'ready', hasMore: true, error: { kind: 'other' } });
    expect(history.entries.value).toHaveLength(5);
    fail = false;
    await history.loadOlder();
    expect(history.entries.value).toHaveLength(10);
    expect(history.state.value).not.toHaveProperty('error');
  });

  it('waits until it may read', async () => {
    const reader = vi.fn<ChangelogPageReader>(pages);
    const storage = signal(memoryStorage());
    const read = changelogReadState(storage, signal('seen'));
    const ready = signal(false);
    const history = createChangelogHistory({
      reader: signal(reader),
      ready,
      reloads: signal(0),
      latest: signal(ALL[0]!),
      read,
    });
    disposers.push(history.dispose, read.dispose);
    await tick();
    expect(reader).not.toHaveBeenCalled();
    expect(history.state.value).toEqual({ status: 'loading' });
    ready.value = true;
    await tick();
    expect(reader).toHaveBeenCalledTimes(1);
    expect(history.entries.value).toHaveLength(5);
  });

  it('skips entries a shifted page repeats, and reads the first page again on reload', async () => {
    const reader = vi.fn<ChangelogPageReader>(pages);
    const { history, reloads } = setup(reader);
    await tick();
    reader.mockImplementationOnce(async () => ({ entries: ALL.slice(4, 9), cursor: '9' }));
    await history.loadOlder();
    expect(history.entries.value.map((item) => item.version)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4]);
    reloads.value++;
    await tick();
    expect(reader).toHaveBeenLastCalledWith(null, expect.any(AbortSignal));
    expect(history.entries.value).toHaveLength(5);
  });
});
