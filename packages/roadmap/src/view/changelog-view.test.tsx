import { changelogSeenKey } from '@hearken/core';
import { changelogPage, portal, v2Changelog, WORKSPACE_ID } from '@hearken/test-support';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../test/fake-api.ts';
import { createRoadmap, loaded } from '../test/render.ts';

const PROXY = 'https://proxy.example';
// Twelve entries, newest first.
const ALL = Array.from({ length: 12 }, (_, index) => {
  const n = 12 - index;
  return v2Changelog(`cl_${n}`, {
    version: n,
    title: `Release ${n}`,
    date: new Date(Date.UTC(2026, 0, n)).toISOString(),
  });
});

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  history.replaceState(null, '', location.pathname);
});

/** A roadmap whose proxy serves the twelve entries in pages of ten. */
function setup(attributes: Record<string, string> = {}) {
  const api = createFakeApi(portal());
  api.intercept((request) => {
    if (request.url.pathname !== '/api/v2/changelogs') return undefined;
    const start = Number(request.url.searchParams.get('cursor') ?? 0);
    const limit = Number(request.url.searchParams.get('limit'));
    const next = start + limit < ALL.length ? String(start + limit) : null;
    return api.json(200, changelogPage(ALL.slice(start, start + limit), next, limit));
  });
  const view = createRoadmap({ workspace: WORKSPACE_ID, proxy: PROXY, ...attributes }, { fetch: api.fetch });
  return { api, ...view };
}

const titles = (root: ShadowRoot) =>
  [...root.querySelectorAll('.hk-changelog-title')].map((heading) => heading.textContent);

describe('changelog history', () => {
  it('shows the history newest first and loads older entries below, moving focus to the first of them', async () => {
    const { screen, element } = setup({ view: 'changelog' });
    await loaded(screen);
    const root = element.shadowRoot!;
    await waitFor(() => expect(titles(root)).toHaveLength(10));
    expect(titles(root)[0]).toBe('Release 12');
    expect(root.querySelector('.hk-changelog')!.id).toBe('hearken-changelog-cl_12');
    fireEvent.click(screen.getByRole('button', { name: 'Show older updates' }));
    await waitFor(() => expect(titles(root)).toHaveLength(12));
    expect(titles(root).slice(-2)).toEqual(['Release 2', 'Release 1']);
    // Focus moves in the effect after the entries render, which a busy machine may run a beat later.
    await waitFor(() => expect(root.activeElement?.id).toBe('hearken-changelog-cl_2'));
    expect(screen.queryByRole('button', { name: 'Show older updates' })).toBeNull();
  });

  it('marks entries newer than the last one read as new, and records the newest as read', async () => {
    localStorage.setItem(changelogSeenKey(WORKSPACE_ID), 'cl_10');
    const counts: number[] = [];
    document.addEventListener('hearken:unread', (event) =>
      counts.push((event as CustomEvent<{ count: number }>).detail.count),
    );
    const { screen, element } = setup();
    await loaded(screen);
    const tab = screen.getByRole('button', { name: /Changelog/ });
    await waitFor(() => expect(tab.textContent).toBe('Changelog2, 2 new updates'));
    expect(counts).toEqual([2]);
    fireEvent.click(tab);
    const root = element.shadowRoot!;
    await waitFor(() => expect(root.querySelectorAll('.hk-changelog-new')).toHaveLength(2));
    expect(root.querySelector('#hearken-changelog-cl_11 .hk-changelog-new')).not.toBeNull();
    expect(root.querySelector('#hearken-changelog-cl_10 .hk-changelog-new')).toBeNull();
    await waitFor(() => expect(localStorage.getItem(changelogSeenKey(WORKSPACE_ID))).toBe('cl_12'));
    expect(tab.textContent).toBe('Changelog');
    expect(counts).toEqual([2, 0]);
  });

  it('opens the changelog at the entry a link names, reading older pages to find it', async () => {
    history.replaceState(null, '', '#hearken-changelog-cl_1');
    const { screen, element } = setup();
    await loaded(screen);
    const root = element.shadowRoot!;
    await waitFor(() => expect(root.activeElement?.id).toBe('hearken-changelog-cl_1'));
    expect(element.view).toBe('changelog');
  });

  it('shows the latest entry alone, and no paging, when the proxy does not serve the history', async () => {
    const api = createFakeApi(portal());
    const { screen, element } = createRoadmap(
      { workspace: WORKSPACE_ID, proxy: PROXY, view: 'changelog' },
      { fetch: api.fetch },
    );
    await loaded(screen);
    await waitFor(() => expect(titles(element.shadowRoot!)).toEqual(['October release']));
    expect(api.reads().some((read) => read.url.pathname === '/api/v2/changelogs')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older updates' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
