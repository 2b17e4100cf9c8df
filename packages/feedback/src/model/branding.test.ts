// @vitest-environment node
import { workspace } from '@hearken/test-support';
import { type ReadonlySignal, signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { fakeProxy } from '../test/fake-proxy.ts';
import { type BrandingSource, createBranding } from './branding.ts';

function until<T>(value: ReadonlySignal<T>, accept: (current: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const stop = value.subscribe((current) => {
      if (!accept(current)) return;
      queueMicrotask(() => stop());
      resolve(current);
    });
  });
}

describe('the branding part', () => {
  it("reads the workspace's branding, and forgets it when the source names no workspace", async () => {
    const proxy = fakeProxy({ workspace: workspace({ id: 'ws_brand', name: 'Brand' }) });
    const source = signal<BrandingSource>({ base: 'https://proxy.test', workspace: 'ws_brand', fetch: proxy.fetch });
    const branding = createBranding(source);
    const read = await until(branding.workspace, (current) => current !== null);
    expect(read?.id).toBe('ws_brand');
    source.value = { ...source.peek(), workspace: undefined };
    expect(branding.workspace.value).toBeNull();
    branding.dispose();
  });
});
