import { requestsKey } from '@hearken/core';
import { workspace } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
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
});
