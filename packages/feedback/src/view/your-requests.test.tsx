import { requestsKey } from '@hearken/core';
import { changelog, v2Changelog, workspace } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeProxyOptions } from '../test/fake-proxy.ts';
import { mountWidget } from '../test/mount.ts';

const WS = 'ws-requests';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.overflow = '';
});

describe('"Your requests" and the launcher', () => {
  it('counts a moved request on the badge, names it, tells the host, and marks it seen once shown', async () => {
    const store = memoryStorage();
    store.setItem(
      requestsKey(WS),
      JSON.stringify({
        items: [{ thread: 't1', receipt: 'h.p.s', at: Date.now(), issue: 'i1', title: 'Dark mode', seen: 'Planned' }],
      }),
    );
    const widget = mountWidget(
      { workspace: WS },
      {
        workspace: workspace({ id: WS }),
        updates: () => [
          {
            id: 't1',
            state: 'PROCESSED',
            updated_at: '2026-11-20T10:00:00.000Z',
            issue: { id: 'i1', title: 'Dark mode', status: 'In Progress' },
          },
        ],
      },
      store,
    );
    const launcher = widget.root.querySelector<HTMLElement>('.hk-launcher')!;
    fireEvent.pointerEnter(launcher);
    await waitFor(() => expect(launcher.getAttribute('aria-label')).toBe('Feedback, 1 of your requests moved'));
    expect(widget.root.querySelector('.hk-unread')?.textContent).toBe('1');
    expect(widget.events.filter((event) => event.type === 'hearken:updates').map((event) => event.detail)).toEqual([
      { count: 1 },
    ]);
    fireEvent.click(launcher);
    const section = await widget.ui.findByRole('region', { name: 'Your requests' });
    expect(section.querySelector('h4')?.textContent).toBe('Dark mode');
    expect(section.textContent).toContain('In Progress');
    await waitFor(() =>
      expect(widget.events.filter((event) => event.type === 'hearken:updates').at(-1)?.detail).toEqual({ count: 0 }),
    );
    expect(JSON.parse(store.getItem(requestsKey(WS))!).items[0].seen).toBe('In Progress');
  });

  /** A reader who voted for "Dark mode" (issue i1), the view loaded and the dialog open. */
  async function voted(ws: string, served: Partial<FakeProxyOptions>) {
    const store = memoryStorage();
    store.setItem(
      requestsKey(ws),
      JSON.stringify({ items: [{ thread: 't1', receipt: 'h.p.s', at: Date.now(), issue: 'i1', title: 'Dark mode' }] }),
    );
    const widget = mountWidget(
      { workspace: ws, changelogUrl: '/changelog' },
      {
        workspace: workspace({ id: ws, changelogPublic: true }),
        updates: () => [
          {
            id: 't1',
            state: 'PROCESSED',
            updated_at: '2026-11-20T10:00:00.000Z',
            issue: { id: 'i1', title: 'Dark mode', status: 'Done' },
          },
        ],
        ...served,
      },
      store,
    );
    const launcher = widget.root.querySelector<HTMLElement>('.hk-launcher')!;
    fireEvent.pointerEnter(launcher);
    fireEvent.click(launcher);
    return widget.ui.findByRole('region', { name: 'Your requests' });
  }

  /** The text of the whole dialog, "What's new" included. */
  const dialogText = (section: HTMLElement) => section.closest('dialog')?.textContent ?? '';

  it('"Shipped in" names the entry that links the issue, not a newer one that only names its title', async () => {
    const section = await voted('ws-linked', {
      changelogs: () => [
        v2Changelog('cl_2', { title: 'Dark mode, a look back', issue_ids: ['i9'] }),
        v2Changelog('cl_1', { title: 'The November release', issue_ids: ['i1'] }),
      ],
    });
    const link = await waitFor(() => {
      const found = [...section.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Shipped in'));
      if (!found) throw new Error('no "Shipped in" link');
      return found;
    });
    expect(link.textContent).toBe('Shipped in The November release');
    const href = new URL(link.href);
    expect(`${href.pathname}${href.hash}`).toBe('/changelog#hearken-changelog-cl_1');
  });

  it('"Shipped in" shows nothing when no entry links the issue, though one names it', async () => {
    const section = await voted('ws-unlinked', {
      changelogs: () => [v2Changelog('cl_2', { title: 'Dark mode is here', issue_ids: [] })],
    });
    // The entry is read (the dialog's "What's new" lists it) and the request's status is in.
    await waitFor(() => expect(dialogText(section)).toContain('Dark mode is here'));
    await waitFor(() => expect(section.textContent).toContain('Done'));
    expect(section.textContent).not.toContain('Shipped in');
  });

  it('"Shipped in" falls back to the title for a service whose entries carry no issue links', async () => {
    const latest = changelog({ id: 'cl_7', title: 'Dark mode is here', published: true });
    const section = await voted('ws-unlinking-service', { latestChangelog: latest });
    await waitFor(() => expect(section.textContent).toContain('Shipped in Dark mode is here'));
  });
});
