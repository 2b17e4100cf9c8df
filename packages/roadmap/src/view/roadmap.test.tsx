import { changelogSeenKey } from '@hearken/core';
import { changelog, issue, portal, project, WORKSPACE_ID, workspace } from '@hearken/test-support';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, deferred } from '../test/fake-api.ts';
import { API, createRoadmap, loaded, rowsShown, setupRoadmap } from '../test/render.ts';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

describe('<hearken-roadmap> loading and header', () => {
  it('shows a skeleton, then the header with logo and name, and fires hearken:load', async () => {
    const api = createFakeApi(portal());
    const hold = deferred<void>();
    api.intercept(() => hold.promise.then(() => undefined));
    const { screen, events, element } = createRoadmap(
      { workspace: WORKSPACE_ID, 'api-base': API },
      { fetch: api.fetch },
    );
    const skeleton = element.shadowRoot!.querySelector('[aria-busy="true"]');
    expect(skeleton).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
    // The code is in before the data: the shell's skeleton stays as it was, the only one shown.
    expect([...element.shadowRoot!.querySelectorAll('[aria-busy="true"]')]).toEqual([skeleton]);
    hold.resolve();
    await loaded(screen);
    expect(element.shadowRoot!.querySelector('[aria-busy="true"]')).toBeNull();
    const logo = element.shadowRoot!.querySelector('img.hk-logo')!;
    expect(logo.getAttribute('src')).toBe('https://cdn.acme.example/logo.png');
    expect(logo.getAttribute('alt')).toBe('');
    expect(events).toContainEqual({
      type: 'hearken:load',
      detail: { workspaceId: WORKSPACE_ID, projects: 5, issues: 3, changelog: true },
    });
  });

  it('reads the three public endpoints, passing the language', async () => {
    const { api, screen } = setupRoadmap({ language: 'de' });
    await loaded(screen);
    expect(
      api
        .reads()
        .map((request) => `${request.url.pathname}?${request.url.searchParams}`)
        .sort(),
    ).toEqual([
      `/api/v1/issues/${WORKSPACE_ID}?language=de`,
      `/api/v1/projects/${WORKSPACE_ID}?language=de`,
      `/api/v1/workspaces/${WORKSPACE_ID}?`,
    ]);
  });

  it('drops a logo that is not https', async () => {
    const { screen, element } = setupRoadmap(
      {},
      portal({ workspace: workspace({ logoUrl: 'http://cdn.acme.example/logo.png' }) }),
    );
    await loaded(screen);
    expect(element.shadowRoot!.querySelector('img.hk-logo')).toBeNull();
  });

  it('drops a logo that fails to load instead of showing a broken image', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    const logo = element.shadowRoot!.querySelector('img.hk-logo')!;
    fireEvent.error(logo);
    await waitFor(() => expect(element.shadowRoot!.querySelector('img.hk-logo')).toBeNull());
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Acme');
  });
});

describe('roadmap view', () => {
  it('puts projects in columns by state, known states first, sorted by sortOrder', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    await rowsShown(element);
    const columns = [...element.shadowRoot!.querySelectorAll('.hk-column')];
    expect(columns.map((column) => column.querySelector('h3')!.firstChild!.textContent)).toEqual([
      'Planned',
      'In Progress',
      'Completed',
      'Moonshot',
    ]);
    expect([...columns[0]!.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['🚀Billing', '🚀Exports']);
    expect(screen.getByRole('region', { name: 'Roadmap' }).tabIndex).toBe(0);
  });

  it('shows a progress bar with its value for projects that have progress', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    await rowsShown(element);
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(4);
    const search = screen.getByRole('progressbar', { name: 'Progress: Search' });
    expect(search.getAttribute('aria-valuenow')).toBe('55');
    expect(search.getAttribute('aria-valuemin')).toBe('0');
    expect(search.getAttribute('aria-valuemax')).toBe('100');
    expect(search.getAttribute('aria-valuetext')).toBe('55% complete');
  });

  it('uses a project colour only when it is a valid colour', async () => {
    const { screen, element } = setupRoadmap(
      {},
      portal({ projects: [project('a', { color: 'red;}*{display:none' }), project('b', { color: 'rgb(0, 128, 0)' })] }),
    );
    await loaded(screen);
    await rowsShown(element);
    const cards = [...element.shadowRoot!.querySelectorAll<HTMLElement>('.hk-card')];
    expect(cards[0]!.style.getPropertyValue('--hk-item')).toBe('');
    expect(cards[1]!.style.getPropertyValue('--hk-item')).toBe('#008000');
  });

  it('renders descriptions as text, never as markup', async () => {
    const { screen, element } = setupRoadmap(
      {},
      portal({ projects: [project('x', { description: '<img src=x onerror=alert(1)>' })] }),
    );
    await loaded(screen);
    await rowsShown(element);
    expect(element.shadowRoot!.querySelector('.hk-card img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });

  it('fills every column completely, however uneven, in batches', async () => {
    const projects = Array.from({ length: 100 }, (_, index) =>
      project(`p${index}`, { state: index < 70 ? 'Planned' : index < 95 ? 'Started' : 'Done' }),
    );
    const { screen, element } = setupRoadmap({}, portal({ projects }));
    await loaded(screen);
    const counts = () =>
      [...element.shadowRoot!.querySelectorAll('.hk-column')].map((c) => c.querySelectorAll('li').length);
    await waitFor(() => expect(counts()).toEqual([70, 25, 5]));
  });

  it('says so when there are no projects', async () => {
    const { screen } = setupRoadmap({}, portal({ projects: [] }));
    await loaded(screen);
    expect(screen.getByText('Nothing on the roadmap yet.')).toBeTruthy();
  });
});

describe('issues view', () => {
  it('groups issues by status with identifier, title, priority, summary and a safe link', async () => {
    const { screen, element } = setupRoadmap({ view: 'issues' });
    await loaded(screen);
    await waitFor(() => screen.getByRole('searchbox', { name: 'Search issues' }));
    await rowsShown(element);
    const groups = [...element.shadowRoot!.querySelectorAll('.hk-group h3')].map((h) => h.firstChild!.textContent);
    expect(groups).toEqual(['Todo', 'In Progress', 'Done']);
    // The service's words are isolated, so in Arabic "In Progress" does not swap places with its count.
    expect(element.shadowRoot!.querySelector('.hk-group h3')!.firstElementChild!.localName).toBe('bdi');
    expect(screen.getByRole('heading', { level: 4, name: 'ACM-2 Faster search' })).toBeTruthy();
    expect(screen.getByText('Priority: \u2068Urgent\u2069')).toBeTruthy();
    expect(screen.getByText('Users were logged out')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open ACM-1' });
    expect(link.getAttribute('href')).toBe('https://tracker.example/ACM-1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Open ACM-3' })).toBeNull();
  });

  it('filters as you type and announces the result count', async () => {
    const { screen, element } = setupRoadmap({ view: 'issues' });
    await loaded(screen);
    const search = await waitFor(() => screen.getByRole('searchbox'));
    await rowsShown(element);
    expect(screen.getByText('Fix login', { exact: false })).toBeTruthy();
    fireEvent.input(search, { target: { value: 'SEARCH' } });
    await waitFor(() => expect(screen.queryByText('Fix login', { exact: false })).toBeNull());
    expect(screen.getByRole('heading', { level: 4, name: 'ACM-2 Faster search' })).toBeTruthy();
    expect(screen.getByText('1 issue found')).toBeTruthy();
    fireEvent.input(search, { target: { value: 'nothing like this' } });
    await waitFor(() => screen.getByText('No issues match “nothing like this”.'));
  });

  it('says so when there are no issues', async () => {
    const { screen } = setupRoadmap({ view: 'issues' }, portal({ issues: [] }));
    await loaded(screen);
    await waitFor(() => screen.getByText('No issues yet.'));
  });

  it('renders a thousand issues in batches until all are there', async () => {
    const many = Array.from({ length: 1000 }, (_, index) =>
      issue(String(index), { status: index % 2 ? 'Todo' : 'Done' }),
    );
    const { screen, element } = setupRoadmap({ view: 'issues' }, portal({ issues: many }));
    await loaded(screen);
    await waitFor(() => expect(element.shadowRoot!.querySelectorAll('.hk-issue').length).toBeGreaterThan(0));
    expect(element.shadowRoot!.querySelectorAll('.hk-issue').length).toBeLessThan(1000);
    // Counted twice a second: a count over a thousand rows costs tens of milliseconds in happy-dom,
    // and at the default 50 ms the counting took most of the time and slowed every batch.
    await waitFor(() => expect(element.shadowRoot!.querySelectorAll('.hk-issue')).toHaveLength(1000), {
      timeout: 25_000,
      interval: 500,
    });
  }, 30_000);
});

describe('changelog view', () => {
  it('shows the latest changelog with date, https image and sanitized notes', async () => {
    const { screen, element } = setupRoadmap({ view: 'changelog' });
    await loaded(screen);
    await waitFor(() => screen.getByRole('heading', { level: 3, name: 'October release' }));
    expect(element.shadowRoot!.querySelector('time')!.getAttribute('datetime')).toBe('2026-10-15T12:00:00.000Z');
    expect(screen.getByText('Published October 15, 2026')).toBeTruthy();
    expect(element.shadowRoot!.querySelector('.hk-changelog-image')!.getAttribute('src')).toBe(
      'https://cdn.acme.example/october.png',
    );
    const notes = element.shadowRoot!.querySelector('.hk-notes')!;
    await waitFor(() => expect(notes.querySelector('strong')?.textContent).toBe('search'));
    expect(notes.querySelector('script')).toBeNull();
    expect(notes.querySelector('a')!.hasAttribute('href')).toBe(false);
  });

  it('drops a changelog image that fails to load instead of showing a broken image', async () => {
    const { screen, element } = setupRoadmap({ view: 'changelog' });
    await waitFor(() => screen.getByRole('heading', { level: 3, name: 'October release' }));
    fireEvent.error(element.shadowRoot!.querySelector('.hk-changelog-image')!);
    await waitFor(() => expect(element.shadowRoot!.querySelector('.hk-changelog-image')).toBeNull());
    expect(screen.getByRole('heading', { level: 3, name: 'October release' })).toBeTruthy();
  });

  it('renders rich-text document notes', async () => {
    const notes = {
      type: 'doc' as const,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From a doc' }] }],
    };
    const { screen, element } = setupRoadmap({ view: 'changelog' }, portal({ latestChangelog: changelog({ notes }) }));
    await loaded(screen);
    await waitFor(() => expect(element.shadowRoot!.querySelector('.hk-notes p')?.textContent).toBe('From a doc'));
  });

  it('has no changelog tab when the changelog is not public', async () => {
    const { screen } = setupRoadmap({}, portal({ workspace: workspace({ changelogPublic: false }) }));
    await loaded(screen);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).not.toContain('Changelog');
  });

  it('shows the unread count until the changelog is opened, and clears it in other tabs too', async () => {
    const first = setupRoadmap();
    await loaded(first.screen);
    const tab = first.screen.getByRole('button', { name: /Changelog/ });
    await waitFor(() => expect(tab.textContent).toBe('Changelog1, 1 new update'));
    const second = setupRoadmap();
    await loaded(second.screen);
    fireEvent.click(tab);
    await waitFor(() => first.screen.getByRole('heading', { level: 3, name: 'October release' }));
    await waitFor(() => expect(tab.textContent).toBe('Changelog'));
    // Read now, but still marked new while this visit lasts.
    expect(first.element.shadowRoot!.querySelector('.hk-changelog-new')?.textContent).toBe('Newnew update, ');
    expect(localStorage.getItem(changelogSeenKey(WORKSPACE_ID))).toBe('cl_1');
    // Another tab learns about it through the storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: changelogSeenKey(WORKSPACE_ID) }));
    await waitFor(() => expect(second.screen.getByRole('button', { name: /Changelog/ }).textContent).toBe('Changelog'));
    expect(first.element.view).toBe('changelog');
  });
});

describe('errors and refreshing', () => {
  it('says that an unpublished portal is not public, with the request id, and fires hearken:error', async () => {
    const { api, screen, events } = setupRoadmap();
    api.intercept((request) =>
      request.url.pathname.startsWith('/api/v1/projects/')
        ? api.json(404, { message: 'Workspace not found', code: 'NOT_FOUND' }, { 'x-request-id': 'req_404' })
        : undefined,
    );
    await waitFor(() => screen.getByRole('heading', { name: 'This roadmap is not public' }));
    expect(screen.getByRole('alert').textContent).toContain('not published');
    expect(events.find((event) => event.type === 'hearken:error')?.detail).toMatchObject({
      source: 'load',
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('offers a retry after a network failure, and recovers', async () => {
    const { api, screen } = setupRoadmap();
    let failing = true;
    api.intercept(() => (failing ? Promise.reject(new TypeError('Failed to fetch')) : undefined));
    await waitFor(() => screen.getByText('Check your connection and try again.'), { timeout: 8000 });
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded(screen);
  }, 15_000);

  it('keeps the last data on screen while refreshing, then shows the fresh data', async () => {
    const { api, screen, element } = setupRoadmap();
    await loaded(screen);
    await rowsShown(element);
    const hold = deferred<void>();
    api.intercept(() => hold.promise.then(() => undefined));
    api.update({ workspace: workspace({ name: 'Acme Corp' }) });
    element.refresh();
    await waitFor(() => screen.getByText('Updating…'));
    expect(screen.getByRole('heading', { level: 2, name: 'Acme' })).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    api.intercept(undefined);
    hold.resolve();
    await loaded(screen, 'Acme Corp');
    expect(screen.queryByText('Updating…')).toBeNull();
  });

  it('revalidates with ETags: an unchanged portal answers 304 and the data stays', async () => {
    const { api, screen, element } = setupRoadmap();
    await loaded(screen);
    element.refresh();
    await waitFor(() => expect(api.reads()).toHaveLength(6));
    expect(
      api
        .reads()
        .slice(3)
        .every((request) => request.headers.get('if-none-match')),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByText('Updating…')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Acme' })).toBeTruthy();
  });

  it('keeps stale data with a notice when a refresh fails', async () => {
    const { api, screen, element } = setupRoadmap();
    await loaded(screen);
    await rowsShown(element);
    api.intercept(() => api.json(400, { message: 'bad', code: 'BAD_REQUEST' }));
    element.refresh();
    await waitFor(() => screen.getByText('Showing saved data: the latest could not be loaded.'));
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    api.intercept(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/Showing saved data/)).toBeNull());
  });

  it('explains a missing workspace', async () => {
    const { screen } = createRoadmap({});
    await waitFor(() => screen.getByText('No workspace is set for this roadmap.'));
  });
});
