import { changelogAnnouncedKey, changelogSeenKey } from '@hearken/core';
import { v2Changelog, workspace } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedbackOptions } from '../options.ts';
import { mountWidget } from '../test/mount.ts';

const WS = 'ws1';
const NOTES = '<h1>A heading in the notes</h1><p>Read the <a href="https://acme.example/notes">design notes</a>.</p>';
const entries = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    v2Changelog(`cl_${count - index}`, { title: `Release ${count - index}`, notes: NOTES }),
  );

/** Storage of a returning reader, whose last read entry was archived since: every entry is new. */
function returning() {
  const store = memoryStorage();
  store.setItem(changelogSeenKey(WS), 'cl_0');
  return store;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.style.overflow = '';
});

/** A launcher for a workspace whose proxy serves `count` entries, its view loaded. */
function setup(count: number, options: Partial<FeedbackOptions> = {}, store = memoryStorage()) {
  const widget = mountWidget(
    { workspace: WS, ...options },
    { workspace: workspace({ id: WS }), changelogs: () => entries(count) },
    store,
  );
  // Hovering loads the view (as idle time would).
  fireEvent.pointerEnter(widget.root.querySelector('.hk-launcher')!);
  return widget;
}

const launcher = (widget: ReturnType<typeof mountWidget>) => widget.root.querySelector<HTMLElement>('.hk-launcher')!;
const unreadEvents = (widget: ReturnType<typeof mountWidget>) =>
  widget.events.filter((event) => event.type === 'hearken:unread').map((event) => event.detail.count);

describe('the launcher unread indicator', () => {
  it('shows the unread count, capped at 9+, in the button and its name, and fires hearken:unread', async () => {
    const widget = setup(12, {}, returning());
    await waitFor(() => expect(widget.root.querySelector('.hk-unread')?.textContent).toBe('9+'));
    expect(launcher(widget).textContent).toBe('Feedback9+');
    expect(launcher(widget).getAttribute('aria-label')).toBe('Feedback, 10 new updates');
    expect(unreadEvents(widget)).toEqual([10]);
  });

  it('counts only what is newer than the entry read last, and clears when the dialog shows it', async () => {
    const store = memoryStorage();
    store.setItem(changelogSeenKey(WS), 'cl_1');
    const widget = setup(3, {}, store);
    await waitFor(() => expect(launcher(widget).getAttribute('aria-label')).toBe('Feedback, 2 new updates'));
    fireEvent.click(launcher(widget));
    const section = await widget.ui.findByRole('region', { name: 'What’s new' });
    expect([...section.querySelectorAll('h4')].map((heading) => heading.textContent)).toEqual([
      'Release 3',
      'Release 2',
      'Release 1',
    ]);
    expect(section.querySelectorAll('.hk-new')).toHaveLength(2);
    // Styled although the part appeared after the form: its styles come with the form's.
    const rules = widget.root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    expect(rules.some((rule) => rule.startsWith('.hk-entry-image'))).toBe(true);
    await waitFor(() => expect(store.getItem(changelogSeenKey(WS))).toBe('cl_3'));
    expect(launcher(widget).textContent).toBe('Feedback');
    expect(launcher(widget).hasAttribute('aria-label')).toBe(false);
    expect(unreadEvents(widget)).toEqual([2, 0]);
  });

  it('links the dialog to the host changelog page, resolved against the page', async () => {
    const widget = setup(1, { changelogUrl: '/changelog' });
    fireEvent.click(launcher(widget));
    const link = await widget.ui.findByRole('link', { name: 'All updates' });
    expect(link.getAttribute('href')).toBe(new URL('/changelog', document.baseURI).href);
  });

  it('shows nothing new to a first-time visitor of a page without the changelog, and sets the baseline', async () => {
    const store = memoryStorage();
    const widget = setup(12, { announce: 'popup' }, store);
    await waitFor(() => expect(store.getItem(changelogSeenKey(WS))).toBe('cl_12'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(widget.root.querySelector('.hk-unread')).toBeNull();
    expect(widget.root.querySelector('.hk-announcement')).toBeNull();
    expect(unreadEvents(widget).filter((count) => count !== 0)).toEqual([]);
  });

  it('shows each excerpt as plain text: no link to land on, no heading above the title', async () => {
    const widget = setup(2, {}, returning());
    fireEvent.click(launcher(widget));
    const section = await widget.ui.findByRole('region', { name: 'What’s new' });
    await waitFor(() => expect(section.querySelectorAll('p.hk-excerpt')).toHaveLength(2));
    // Blocks apart with a space is @hearken/ui's excerpt test (DOMPurify needs its happy-dom shim).
    expect(section.querySelector('p.hk-excerpt')!.textContent).toMatch(
      /^A heading in the notes ?Read the design notes\.$/,
    );
    expect(section.querySelector('.hk-entries a, .hk-entries h1')).toBeNull();
  });

  it('shows no badge with announce off, yet still fires the event', async () => {
    const widget = setup(2, { announce: 'off' }, returning());
    await waitFor(() => expect(unreadEvents(widget)).toEqual([2]));
    expect(widget.root.querySelector('.hk-unread')).toBeNull();
    expect(launcher(widget).textContent).toBe('Feedback');
  });
});

describe('the announcement popup', () => {
  it('shows the newest entry once per browser, without taking focus, and closes with Escape', async () => {
    const store = returning();
    const first = setup(2, { announce: 'popup' }, store);
    const card = await first.ui.findByRole('region', { name: 'What’s new: Release 2' });
    expect(card.textContent).toContain('October 15, 2026');
    expect(first.root.activeElement).toBeNull();
    expect(store.getItem(changelogAnnouncedKey(WS))).toBe('cl_2');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(first.ui.queryByRole('region', { name: /Release 2/ })).toBeNull());
    first.handle.destroy();

    const again = setup(2, { announce: 'popup' }, store);
    await waitFor(() => expect(launcher(again).textContent).toBe('Feedback2'));
    expect(again.ui.queryByRole('region', { name: /Release 2/ })).toBeNull();
  });

  it('opens the entry from "Read more", whole, not the feedback form, and closes with its button', async () => {
    const widget = setup(1, { announce: 'popup' }, returning());
    fireEvent.click(await widget.ui.findByRole('button', { name: 'Read more' }));
    const dialog = await widget.ui.findByRole('dialog');
    expect(dialog.querySelector('h3')!.textContent).toBe('Release 1');
    expect(dialog.querySelector('textarea')).toBeNull();
    await waitFor(() => expect(dialog.querySelector('.hk-notes a')?.textContent).toBe('design notes'));
    fireEvent.click(widget.ui.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(widget.ui.queryByRole('dialog')).toBeNull());
    const other = setup(1, { announce: 'popup' }, returning());
    fireEvent.click(await other.ui.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(other.root.querySelector('.hk-announcement')).toBeNull());
  });

  it('links "Read more" to the entry on the host changelog page', async () => {
    const widget = setup(1, { announce: 'popup', changelogUrl: '/changelog#top' }, returning());
    const link = await widget.ui.findByRole('link', { name: 'Read more' });
    expect(link.getAttribute('href')).toBe(new URL('/changelog#hearken-changelog-cl_1', document.baseURI).href);
  });
});
