// @vitest-environment node
import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { computed, signal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoadmapSource } from '../options.ts';
import { createFakeApi, deferred } from '../test/fake-api.ts';
import type { RoadmapData } from './load.ts';
import { createPortalLoad, type PortalLoadPart } from './portal-load.ts';
import { createPortalSource } from './portal-source.ts';

const API = 'https://api.example';
let parts: PortalLoadPart[] = [];
afterEach(() => {
  for (const part of parts) part.dispose();
  parts = [];
});

function setup(initial: RoadmapSource, extra: Partial<Parameters<typeof createPortalLoad>[0]> = {}) {
  const api = createFakeApi(portal());
  const source = createPortalSource({ apiBase: API, fetch: api.fetch, ...initial });
  const events: unknown[] = [];
  const load = createPortalLoad({
    source: source.current,
    client: source.client,
    now: () => 0,
    onLoad: (data) => events.push(['load', data.workspaceId]),
    onError: (error) => events.push(['error', error.kind]),
    ...extra,
  });
  parts.push(load);
  return { api, source, load, events };
}

const settled = (load: PortalLoadPart) =>
  new Promise<void>((resolve) => {
    const done = computed(
      () =>
        load.state.value.status !== 'loading' && !(load.state.value.status === 'ready' && load.state.value.refreshing),
    );
    const stop = done.subscribe((value) => {
      if (!value) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });

describe('createPortalLoad', () => {
  it('stays idle without a workspace, and reads nothing', () => {
    const { api, load } = setup({});
    expect(load.state.value).toEqual({ status: 'idle' });
    expect(load.data.value).toBeNull();
    expect(api.reads()).toHaveLength(0);
  });

  it('reads, tells onLoad, and keeps the data while a refresh runs', async () => {
    const { api, load, events } = setup({ workspace: WORKSPACE_ID });
    expect(load.state.value.status).toBe('loading');
    await settled(load);
    expect(load.data.value?.workspaceId).toBe(WORKSPACE_ID);
    expect(load.branding.value?.name).toBe('Acme');
    expect(load.loadedAt).toBeGreaterThan(0);
    expect(events).toEqual([['load', WORKSPACE_ID]]);
    const hold = deferred<void>();
    api.intercept(() => hold.promise.then(() => undefined));
    const reloads = load.reloads.value;
    load.refresh();
    expect(load.reloads.value).toBe(reloads + 1);
    expect(load.state.value).toMatchObject({ status: 'ready', refreshing: true });
    hold.resolve();
    await settled(load);
    expect(events).toHaveLength(2);
  });

  it('starts ready with data given for its workspace, reads nothing, and announces it a task later', async () => {
    const data: RoadmapData = {
      workspaceId: WORKSPACE_ID,
      workspace: portal().workspace,
      changelog: null,
      projects: [],
      issues: [],
    };
    const { api, load, events } = setup({ workspace: WORKSPACE_ID }, { initialData: data });
    expect(load.state.value).toEqual({ status: 'ready', data, refreshing: false });
    expect(events).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([['load', WORKSPACE_ID]]);
    expect(api.reads()).toHaveLength(0);
  });

  it('explains a failed first load, and tells the arrival of each read with when it started', async () => {
    const { api, load, events } = setup({ workspace: WORKSPACE_ID });
    api.intercept(() => api.json(503, { message: 'Down', code: 'UNAVAILABLE' }));
    await settled(load);
    expect(load.state.value).toMatchObject({ status: 'error', error: { kind: 'other' } });
    expect(events).toEqual([['error', 'other']]);

    const arrivals: number[] = [];
    const clock = signal(7);
    const other = setup({ workspace: WORKSPACE_ID }, { now: () => clock.peek(), arrived: (at) => arrivals.push(at) });
    await settled(other.load);
    expect(arrivals).toEqual([7]);
  });
});
