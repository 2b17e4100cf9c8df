import { changelog, issue, v2Changelog, workspace } from '@hearken/test-support';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { mountWidget } from '../test/mount.ts';

const ISSUES = [
  issue('i_pdf', { title: 'Export notes to PDF', status: 'Planned', upvotes: 12 }),
  issue('i_dark', { title: 'Dark mode for the editor', status: 'In progress', upvotes: 1 }),
] as unknown as Record<string, unknown>[];

afterEach(() => {
  document.body.innerHTML = '';
});

type Widget = ReturnType<typeof mountWidget>;

function mount(options: Parameters<typeof mountWidget>[0] = {}) {
  return mountWidget({ mode: 'inline', workspace: 'ws1', ...options }, { issues: structuredClone(ISSUES) });
}

async function typeMessage(widget: Widget, text: string, label = 'Your feedback') {
  fireEvent.input(await widget.ui.findByLabelText(label), { target: { value: text } });
}

/** The visible text of an element, without the bidi isolates around titles. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/[\u2068\u2069]/g, '') ?? '';
const list = (widget: Widget) => widget.root.querySelector('.hk-suggest-list');
const live = (widget: Widget) => widget.root.querySelector('.hk-suggest [role=status]');

describe('suggestions in the form', () => {
  it('lists the issues like the message, labelled, with status, votes and a vote button, and says how many', async () => {
    const widget = mount();
    await typeMessage(widget, 'I want to export my notes as PDF files');
    const items = await widget.ui.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(list(widget)?.getAttribute('aria-labelledby')).toBe('hk-suggest-label');
    expect(text(widget.root.getElementById('hk-suggest-label'))).toBe('Already asked? Vote for it instead');
    expect(text(items[0])).toContain('Export notes to PDF');
    expect(text(items[0])).toContain('Planned · 12 votes');
    expect(widget.ui.getByRole('button', { name: /^Vote for this ?: Export notes to PDF$/ })).toBeTruthy();
    expect(text(live(widget))).toBe('1 similar request found');
    expect(widget.events.find((event) => event.type === 'hearken:suggest')?.detail).toMatchObject({
      suggestions: [{ issueId: 'i_pdf', title: 'Export notes to PDF', upvotes: 12 }],
    });
  });

  it('votes with the message, then leads with what was sent and where, before the way back', async () => {
    const widget = mount();
    await typeMessage(widget, 'I want to export my notes as PDF files');
    const vote = await widget.ui.findByRole('button', { name: /^Vote for this ?: Export notes to PDF$/ });
    vote.focus();
    fireEvent.click(vote);
    const again = await widget.ui.findByRole('button', { name: 'Send more feedback' });
    const status = widget.root.querySelector('.hk-status[role=status]');
    expect(text(status)).toBe('Thank you! Your vote and your message were added to “Export notes to PDF”.');
    // The confirmation comes first in reading order, the way back after it.
    expect(status!.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(widget.focused()).toBe(again));
    expect(widget.proxy.threads.map((thread) => thread.body)).toEqual([
      { text: 'I want to export my notes as PDF files', origin: 'UPVOTE', issue_id: 'i_pdf', pain_level: 'UNKNOWN' },
    ]);
    expect(widget.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['hearken:vote', 'hearken:success']),
    );
    expect(widget.events.map((event) => event.type)).not.toContain('hearken:submit');
  });

  it('shows the new count on the suggestion while an offline vote waits', async () => {
    const widget = mountWidget(
      { mode: 'inline', workspace: 'ws1' },
      { issues: structuredClone(ISSUES), faults: () => 'offline' },
    );
    await typeMessage(widget, 'I want to export my notes as PDF files');
    fireEvent.click(await widget.ui.findByRole('button', { name: /^Vote for this ?: Export notes to PDF$/ }));
    await widget.ui.findByRole('button', { name: /^Voted ?: Export notes to PDF$/ });
    expect(text(widget.ui.getByRole('listitem'))).toContain('13 votes');
    await waitFor(() =>
      expect(text(widget.root.querySelector('.hk-status[role=status]'))).toBe(
        'You’re offline. Your vote for “Export notes to PDF” is saved and will be sent when you’re back online.',
      ),
    );
  });

  it('shows nothing with suggest="off"', async () => {
    const widget = mount({ suggest: 'off' });
    await typeMessage(widget, 'I want to export my notes as PDF files');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(list(widget)).toBeNull();
    expect(widget.proxy.requests.some((request) => request.url.includes('/api/v1/issues/'))).toBe(false);
  });

  it('starts showing them when the host turns suggest on', async () => {
    const widget = mount({ suggest: 'off' });
    await typeMessage(widget, 'I want to export my notes as PDF files');
    widget.host.setAttribute('suggest', 'on');
    widget.handle.update({ suggest: 'on' });
    await typeMessage(widget, 'I want to export my notes as PDF files ');
    expect(text(await widget.ui.findByRole('listitem'))).toContain('Export notes to PDF');
  });

  it('speaks Arabic, right to left', async () => {
    const widget = mount({ language: 'ar' });
    await typeMessage(widget, 'I want to export my notes as PDF files', 'ملاحظاتك');
    await widget.ui.findByRole('listitem');
    expect(text(widget.root.getElementById('hk-suggest-label'))).toBe('طُلب هذا من قبل؟ صوّت له بدلًا من ذلك');
    expect(widget.root.querySelector('[dir=rtl]')).toBeTruthy();
    expect(widget.ui.getByRole('button', { name: /^صوّت لهذا/ })).toBeTruthy();
  });

  it('marks the words the message shares with each suggestion, in the title and in a list', async () => {
    const widget = mount();
    await typeMessage(widget, 'Hi! we would love to export our whole notebook to pdf for the board');
    const item = await widget.ui.findByRole('listitem');
    expect([...item.querySelectorAll('.hk-suggest-title mark')].map((mark) => mark.textContent)).toEqual([
      'Export',
      'PDF',
    ]);
    expect(text(item.querySelector('.hk-suggest-why'))).toBe('Shares: Export, PDF');
  });

  it('never offers a Canceled request, and shows a shipped one as shipped, linking its changelog entry', async () => {
    const issues = [
      issue('i_pdf', { title: 'Export notes to PDF', status: 'Canceled', upvotes: 3 }),
      issue('i_dark', { title: 'Dark mode for the editor', status: 'Done', upvotes: 40 }),
      issue('i_sync', { title: 'Sync notes offline', status: 'Todo', upvotes: 2 }),
    ] as unknown as Record<string, unknown>[];
    const widget = mountWidget(
      { mode: 'inline', workspace: 'ws1', changelogUrl: 'https://example.com/changelog' },
      {
        issues,
        workspace: workspace({ id: 'ws1' }),
        changelogs: () => [
          v2Changelog('cl_2', { title: 'Dark mode is here, in the editor and the sidebar', issue_ids: ['i_dark'] }),
          v2Changelog('cl_1', { title: 'Faster search' }),
        ],
      },
    );
    await typeMessage(widget, 'I want to export my notes as PDF files');
    await typeMessage(widget, 'Dark mode please, my eyes hurt at night in the editor');
    const item = await widget.ui.findByRole('listitem');
    expect(text(item)).toContain('Dark mode for the editor');
    expect(text(item)).toContain('Shipped · 40 votes');
    expect(item.querySelector('button')).toBeNull();
    const link = await widget.ui.findByRole('link', {
      name: 'Shipped: “Dark mode is here, in the editor and the sidebar”',
    });
    // The roadmap's changelog view on that page opens scrolled to the entry.
    expect(link.getAttribute('href')).toBe('https://example.com/changelog#hearken-changelog-cl_2');
    await typeMessage(widget, 'I want to export my notes as PDF files');
    await waitFor(() => expect(widget.ui.queryByRole('listitem')).toBeNull());
  });

  /** The form with two shipped requests like the draft, the service serving `served`; their list items. */
  async function shipped(served: Parameters<typeof mountWidget>[1]) {
    const issues = [
      issue('i_dark', { title: 'Dark mode for the editor', status: 'Done', upvotes: 40 }),
      issue('i_night', { title: 'Night theme for the sidebar', status: 'Shipped', upvotes: 9 }),
      issue('i_pdf', { title: 'Export notes to PDF', status: 'Planned', upvotes: 12 }),
      issue('i_sync', { title: 'Offline sync on mobile', status: 'Backlog', upvotes: 4 }),
    ];
    const widget = mountWidget(
      { mode: 'inline', workspace: 'ws1', changelogUrl: 'https://example.com/changelog' },
      { issues: issues as unknown as Record<string, unknown>[], workspace: workspace({ id: 'ws1' }), ...served },
    );
    await typeMessage(widget, 'Dark mode in the editor and a night theme for the sidebar');
    await waitFor(() => expect(widget.ui.getAllByRole('listitem')).toHaveLength(2));
    return widget;
  }
  const linkOf = (widget: Widget, title: string) =>
    widget.ui
      .getAllByRole('listitem')
      .find((item) => text(item).includes(title))
      ?.querySelector('a');

  it('"Shipped:" names the entry that links the issue, not a newer one whose title names it', async () => {
    const widget = await shipped({
      changelogs: () => [
        v2Changelog('cl_3', { title: 'Dark mode for the editor: what is next', issue_ids: ['i_other'] }),
        v2Changelog('cl_2', { title: 'The November release', issue_ids: ['i_dark'] }),
      ],
    });
    const link = await widget.ui.findByRole('link', { name: 'Shipped: “The November release”' });
    expect(link.getAttribute('href')).toBe('https://example.com/changelog#hearken-changelog-cl_2');
  });

  it('"Shipped:" names no entry that only names the issue by title when the entries carry links', async () => {
    const widget = await shipped({
      changelogs: () => [
        v2Changelog('cl_2', { title: 'Dark mode for the editor is here', issue_ids: [] }),
        v2Changelog('cl_1', { title: 'The October release', issue_ids: ['i_night'] }),
      ],
    });
    // The entries are in: the night theme's entry, which links it, is named.
    await widget.ui.findByRole('link', { name: 'Shipped: “The October release”' });
    const dark = linkOf(widget, 'Dark mode for the editor');
    expect(text(dark)).toBe('Shipped: see what’s new');
    expect(dark?.getAttribute('href')).toBe('https://example.com/changelog');
  });

  it('"Shipped:" finds the entry by title from a service whose entries carry no issue links', async () => {
    const widget = await shipped({
      workspace: workspace({ id: 'ws1', changelogPublic: true }),
      latestChangelog: changelog({ id: 'cl_7', title: 'Dark mode for the editor is here', published: true }),
    });
    const link = await widget.ui.findByRole('link', { name: 'Shipped: “Dark mode for the editor is here”' });
    expect(link.getAttribute('href')).toBe('https://example.com/changelog#hearken-changelog-cl_7');
  });
});
