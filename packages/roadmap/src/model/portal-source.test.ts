// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createPortalSource } from './portal-source.ts';

const fetch = vi.fn<typeof globalThis.fetch>();

describe('createPortalSource', () => {
  it('notifies only on a real change, empty values counting as unset', () => {
    const source = createPortalSource({ workspace: 'ws_1', apiBase: 'https://api.example', fetch });
    const seen: unknown[] = [];
    const stop = source.current.subscribe((value) => seen.push(value));
    source.set({ workspace: 'ws_1', proxy: '' });
    expect(seen).toHaveLength(1);
    source.set({ language: 'de' });
    expect(seen).toHaveLength(2);
    expect(source.current.value).toEqual({
      workspace: 'ws_1',
      apiBase: 'https://api.example',
      proxy: undefined,
      language: 'de',
      fetch,
    });
    stop();
  });

  it('keeps its client (and its ETag cache) across a language change, not across another origin', () => {
    const source = createPortalSource({ workspace: 'ws_1', apiBase: 'https://api.example' });
    const client = source.client.value;
    source.set({ language: 'fr' });
    expect(source.client.value).toBe(client);
    source.set({ apiBase: 'https://other.example' });
    expect(source.client.value).not.toBe(client);
  });

  it('has an upvote sender only with a proxy', () => {
    const source = createPortalSource({ workspace: 'ws_1' });
    expect(source.sender.value).toBeNull();
    source.set({ proxy: 'https://proxy.example' });
    expect(source.sender.value).toBeTypeOf('function');
  });

  it('answers the first read with the prefetched response, once, and drops it when the source changes', async () => {
    fetch.mockImplementation(async () => new Response('{}', { status: 404 }));
    const early = new Response('{}', { status: 404 });
    const url = 'https://api.example/api/v1/workspaces/ws_1';
    const source = createPortalSource(
      { workspace: 'ws_1', apiBase: 'https://api.example', fetch },
      new Map([[url, Promise.resolve(early)]]),
    );
    source.set({ workspace: 'ws_2' });
    await source.client.value.getWorkspace('ws_1').catch(() => {});
    // The prefetched read was for another source: the client asked its fetch.
    expect(fetch).toHaveBeenCalled();
  });
});
