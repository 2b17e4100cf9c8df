// @vitest-environment node
import { changelogAnnouncedKey, changelogSeenKey } from '@hearken/core';
import { changelog, v2Changelog, workspace } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import type { ReadonlySignal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProxyOptions, fakeProxy } from '../test/fake-proxy.ts';
import { createFeedbackModel, type FeedbackModel } from './feedback-model.ts';

const WS = 'ws1';
const entries = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    v2Changelog(`cl_${count - index}`, { title: `Release ${count - index}` }),
  );

let models: FeedbackModel[] = [];
afterEach(() => {
  for (const model of models) model.dispose();
  models = [];
});

function until<T>(signal: ReadonlySignal<T>, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const stop = signal.subscribe((value) => {
      if (!accept(value)) return;
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}

function setup(options: FakeProxyOptions, store = memoryStorage()) {
  const proxy = fakeProxy({ workspace: workspace({ id: WS }), ...options });
  const model = createFeedbackModel({ proxy: 'https://proxy.test', workspace: WS, fetch: proxy.fetch, storage: store });
  models.push(model);
  return { model, store, proxy };
}

describe("the feedback model's what's new", () => {
  it('reads the newest page through the proxy and counts what the reader has not seen', async () => {
    const store = memoryStorage();
    store.setItem(changelogSeenKey(WS), 'cl_9');
    const { model, proxy } = setup({ changelogs: () => entries(12) }, store);
    await until(model.whatsNew.unread, (count) => count > 0);
    expect(model.whatsNew.unread.value).toBe(3);
    expect(model.whatsNew.entries.value.map((entry) => entry.title).slice(0, 2)).toEqual(['Release 12', 'Release 11']);
    expect(model.whatsNew.entries.value).toHaveLength(10);
    const read = proxy.requests.find((request) => request.url.includes('/api/v2/changelogs'))!;
    expect(new URL(read.url).searchParams.get('limit')).toBe('10');
    model.whatsNew.markSeen();
    expect(store.getItem(changelogSeenKey(WS))).toBe('cl_12');
    expect(model.whatsNew.unread.value).toBe(0);
    expect(model.whatsNew.isNewEntry('cl_10')).toBe(true);
    expect(model.whatsNew.isNewEntry('cl_9')).toBe(false);
  });

  it('announces the newest unread entry once per browser', async () => {
    const store = memoryStorage();
    // A returning reader, who read an entry since archived: both entries are new to them.
    store.setItem(changelogSeenKey(WS), 'cl_0');
    const first = setup({ changelogs: () => entries(2) }, store);
    const entry = await until(first.model.whatsNew.announcement, (value) => value !== null);
    expect(entry?.id).toBe('cl_2');
    first.model.whatsNew.markAnnounced();
    expect(first.model.whatsNew.announcement.value).toBeNull();
    expect(store.getItem(changelogAnnouncedKey(WS))).toBe('cl_2');
    const again = setup({ changelogs: () => entries(2) }, store);
    await until(again.model.whatsNew.unread, (count) => count === 2);
    expect(again.model.whatsNew.announcement.value).toBeNull();
  });

  it('sets the baseline on a first visit to a page without the changelog: nothing counts as new', async () => {
    const { model, store } = setup({ changelogs: () => entries(12) });
    await until(model.whatsNew.entries, (list) => list.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(model.whatsNew.unread.value).toBe(0);
    expect(model.whatsNew.announcement.value).toBeNull();
    expect(store.getItem(changelogSeenKey(WS))).toBe('cl_12');
  });

  it("falls back to the workspace's latest entry where the proxy does not serve the list", async () => {
    const store = memoryStorage();
    store.setItem(changelogSeenKey(WS), 'cl_before');
    const { model } = setup({ latestChangelog: changelog({ id: 'cl_latest' }) }, store);
    await until(model.whatsNew.unread, (count) => count === 1);
    expect(model.whatsNew.entries.value.map((entry) => entry.id)).toEqual(['cl_latest']);
  });

  it('shows nothing for a workspace that keeps its changelog private, or without a workspace', async () => {
    const hidden = setup({ workspace: workspace({ id: WS, changelogPublic: false }), changelogs: () => entries(3) });
    await until(hidden.model.branding.workspace, (value) => value !== null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hidden.model.whatsNew.entries.value).toEqual([]);
    expect(hidden.model.whatsNew.unread.value).toBe(0);
    const proxy = fakeProxy({ changelogs: () => entries(3) });
    const none = createFeedbackModel({ proxy: 'https://proxy.test', fetch: proxy.fetch, storage: null });
    models.push(none);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(none.whatsNew.entries.value).toEqual([]);
    expect(proxy.requests.some((request) => request.url.includes('changelogs'))).toBe(false);
  });
});
