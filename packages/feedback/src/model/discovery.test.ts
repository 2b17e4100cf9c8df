// @vitest-environment node
import { issue } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { fakeProxy } from '../test/fake-proxy.ts';
import { createDiscovery, type DiscoveryOptions } from './discovery.ts';
import { createLauncherParts } from './launcher-parts.ts';

let run = 0;

/** The discovery parts alone, over a proxy serving a workspace and its public issues. */
function setup(options: Partial<DiscoveryOptions> = {}) {
  const proxy = fakeProxy({
    workspace: { id: 'ws1', name: 'Acme', accentColor: '#ff0000' },
    issues: [issue('i_pdf', { title: 'Export notes to PDF' })] as unknown as Record<string, unknown>[],
  });
  const opened = signal(false);
  const settings = signal({
    proxy: `https://discovery-${++run}.test`,
    workspace: 'ws1',
    fetch: proxy.fetch,
    ...options,
  });
  const launcher = createLauncherParts(settings, signal(memoryStorage()));
  const discovery = createDiscovery({
    options: settings,
    launcher,
    text: signal(''),
    exclude: signal(undefined),
    opened,
    onShown: () => {},
  });
  return { discovery, launcher, opened, proxy };
}

describe('the discovery parts', () => {
  it('read the branding at once and the issue list when the form opens', async () => {
    const { discovery, launcher, opened } = setup();
    await vi.waitFor(() => expect(discovery.branding.workspace.value?.name).toBe('Acme'));
    expect(discovery.issue('i_pdf')).toBeUndefined();
    opened.value = true;
    await vi.waitFor(() => expect(discovery.issue('i_pdf')?.title).toBe('Export notes to PDF'));
    discovery.dispose();
    launcher.dispose();
  });

  it('read no issue list with suggest off', async () => {
    const { discovery, launcher, opened, proxy } = setup({ suggest: false });
    opened.value = true;
    discovery.typed();
    await vi.waitFor(() => expect(discovery.branding.workspace.value?.name).toBe('Acme'));
    const reads = proxy.requests.map((request) => new URL(request.url).pathname);
    expect(reads.some((path) => path.startsWith('/api/v1/issues'))).toBe(false);
    expect(discovery.issue('i_pdf')).toBeUndefined();
    discovery.dispose();
    launcher.dispose();
  });
});
