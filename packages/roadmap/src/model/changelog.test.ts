// @vitest-environment node
import { changelogSeenKey } from '@hearken/core';
import { changelog as entry, portal, WORKSPACE_ID, workspace } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoadmapSource } from '../options.ts';
import { createChangelog } from './changelog.ts';
import type { LoadState, RoadmapData } from './load.ts';

// The read state is read from storage in a task of its own.
const stored = () => new Promise((resolve) => setTimeout(resolve, 0));
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function setup(changelogPublic: boolean, seen?: string) {
  const data = portal({ workspace: workspace({ changelogPublic }), latestChangelog: entry({ id: 'cl_2' }) });
  const shown: RoadmapData = {
    workspaceId: WORKSPACE_ID,
    workspace: data.workspace,
    changelog: data.latestChangelog,
    projects: [],
    issues: [],
  };
  const storage = memoryStorage();
  if (seen) storage.setItem(changelogSeenKey(WORKSPACE_ID), seen);
  // No proxy: only the portal's latest entry can be read.
  const source = signal<RoadmapSource>({ workspace: WORKSPACE_ID, apiBase: 'https://api.example' });
  const state = signal<LoadState>({ status: 'ready', data: shown, refreshing: false });
  const part = createChangelog({
    source,
    storage: signal(storage),
    load: { state, reloads: signal(0) },
    data: signal(shown),
  });
  disposers.push(part.dispose);
  return { part, storage };
}

describe('createChangelog', () => {
  it('without a proxy, shows the latest entry alone, unread until marked seen', async () => {
    const { part, storage } = setup(true);
    await stored();
    expect(part.state.value).toEqual({ status: 'latest' });
    expect(part.latest.value?.id).toBe('cl_2');
    expect(part.entries.value.map((item) => item.id)).toEqual(['cl_2']);
    expect(part.unread.value).toBe(1);
    part.markSeen();
    expect(part.unread.value).toBe(0);
    // Still marked new for this visit.
    expect(part.isNew('cl_2')).toBe(true);
    expect(storage.getItem(changelogSeenKey(WORKSPACE_ID))).toBe('cl_2');
  });

  it('keeps what this reader read elsewhere', async () => {
    const { part } = setup(true, 'cl_2');
    await stored();
    expect(part.entries.value).toHaveLength(1);
    expect(part.unread.value).toBe(0);
    expect(part.isNew('cl_2')).toBe(false);
  });

  it('has nothing while the workspace keeps its changelog private', () => {
    const { part } = setup(false);
    expect(part.latest.value).toBeNull();
    expect(part.entries.value).toEqual([]);
    expect(part.unread.value).toBe(0);
  });
});
