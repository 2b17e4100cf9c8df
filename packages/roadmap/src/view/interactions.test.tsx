import { roadmapVotesKey } from '@hearken/core';
import { createdThreadRow, installMatchMedia, json, portal, WORKSPACE_ID, workspace } from '@hearken/test-support';
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountRoadmap } from '../element/mount.ts';
import { createFakeApi, deferred } from '../test/fake-api.ts';
import { API, createRoadmap, loaded, rowsShown, setupRoadmap } from '../test/render.ts';

const PROXY = 'https://proxy.example';

let media: ReturnType<typeof installMatchMedia> | undefined;
afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  media?.restore();
  media = undefined;
});

describe('upvotes', () => {
  it('shows read-only counts without a proxy', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    await rowsShown(element);
    expect(screen.queryByRole('button', { name: /Upvote/ })).toBeNull();
    expect(screen.getAllByText('3 upvotes').length).toBeGreaterThan(0);
  });

  it('counts the vote at once, posts an UPVOTE thread through the proxy and fires hearken:upvote', {
    timeout: 20_000,
  }, async () => {
    const { api, screen, events } = setupRoadmap({ proxy: PROXY });
    await loaded(screen);
    const hold = deferred<void>();
    api.intercept((request) => (request.method === 'POST' ? hold.promise.then(() => undefined) : undefined));
    const button = await waitFor(() => screen.getByRole('button', { name: 'Upvote Search, 3 upvotes' }));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('You upvoted Search, 4 upvotes'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('4');
    hold.resolve();
    await waitFor(() => expect(events.some((event) => event.type === 'hearken:upvote')).toBe(true));
    const post = api.seen.find((request) => request.method === 'POST')!;
    expect(post.url.href).toBe(`${PROXY}/api/v2/threads`);
    expect(post.body).toEqual({ text: 'Upvote: Search', origin: 'UPVOTE', project_id: 'p2' });
    expect(post.headers.get('authorization')).toBeNull();
    expect(events.find((event) => event.type === 'hearken:upvote')!.detail).toEqual({
      kind: 'project',
      id: 'p2',
      upvotes: 4,
      threadId: 'th_1',
    });
    fireEvent.click(button);
    expect(api.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(roadmapVotesKey(WORKSPACE_ID))!)).toEqual(['project:p2']);
  });

  it('takes a vote back on a second press, through the proxy with its receipt, and counts it once', async () => {
    const { api, screen } = setupRoadmap({ proxy: PROXY, view: 'issues' });
    await loaded(screen);
    api.intercept((request) => {
      if (request.method === 'POST') {
        return json(201, createdThreadRow(request.body as never, { id: 'th_9' }), { 'x-hearken-receipt': 'h.p.s' });
      }
      return request.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined;
    });
    const button = await waitFor(() => screen.getByRole('button', { name: 'Upvote Faster search, 5 upvotes' }));
    fireEvent.click(button);
    await waitFor(() =>
      expect(button.getAttribute('aria-label')).toBe('Take back your vote for Faster search, 6 upvotes'),
    );
    expect([button.getAttribute('aria-pressed'), button.getAttribute('aria-disabled')]).toEqual(['true', 'false']);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Upvote Faster search, 5 upvotes'));
    const taken = api.seen.filter((request) => request.method === 'DELETE');
    expect(taken.map((request) => [request.url.href, request.headers.get('authorization')])).toEqual([
      [`${PROXY}/api/v2/threads/th_9`, 'Receipt h.p.s'],
    ]);
    expect(JSON.parse(localStorage.getItem(roadmapVotesKey(WORKSPACE_ID)) ?? '[]')).toEqual([]);
  });

  it('votes on issues with issue_id', async () => {
    const { api, screen } = setupRoadmap({ proxy: PROXY, view: 'issues' });
    await loaded(screen);
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: 'Upvote Faster search, 5 upvotes' })));
    await waitFor(() => expect(api.seen.some((request) => request.method === 'POST')).toBe(true));
    expect(api.seen.find((request) => request.method === 'POST')!.body).toMatchObject({
      origin: 'UPVOTE',
      issue_id: '2',
    });
  });

  it('keeps a vote through a refresh served from before it, and drops it once the count shows it', async () => {
    const { api, screen, events, element } = setupRoadmap({ proxy: PROXY });
    await loaded(screen);
    const button = await waitFor(() => screen.getByRole('button', { name: 'Upvote Search, 3 upvotes' }));
    fireEvent.click(button);
    await waitFor(() => expect(events.some((event) => event.type === 'hearken:upvote')).toBe(true));
    // A cache older than the vote still says 3 (the fake service's data did not change).
    const loads = () => events.filter((event) => event.type === 'hearken:load').length;
    const before = loads();
    element.refresh();
    await waitFor(() => expect(loads()).toBe(before + 1));
    expect(button.getAttribute('aria-label')).toBe('You upvoted Search, 4 upvotes');
    // The service now counts it: 4 from the server, no optimistic one on top.
    const { projects } = portal();
    api.update({ projects: projects.map((item) => (item.id === 'p2' ? { ...item, upvotes: 4 } : item)) });
    element.refresh();
    await waitFor(() => expect(loads()).toBe(before + 2));
    expect(button.getAttribute('aria-label')).toBe('You upvoted Search, 4 upvotes');
  });

  it('rolls the count back with a message when the vote fails, and fires hearken:error', async () => {
    const { api, screen, events } = setupRoadmap({ proxy: PROXY });
    await loaded(screen);
    api.intercept((request) =>
      request.method === 'POST'
        ? api.json(
            400,
            { error: { code: 'invalid_request', message: 'no', request_id: 'req_bad' } },
            { 'x-request-id': 'req_bad' },
          )
        : undefined,
    );
    const button = await waitFor(() => screen.getByRole('button', { name: 'Upvote Search, 3 upvotes' }));
    fireEvent.click(button);
    await waitFor(() => screen.getByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe('Your vote on Search could not be saved. Please try again.');
    expect(button.getAttribute('aria-label')).toBe('Upvote Search, 3 upvotes');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(events.find((event) => event.type === 'hearken:error')!.detail).toMatchObject({
      source: 'upvote',
      code: 'invalid_request',
      requestId: 'req_bad',
    });
    expect(localStorage.getItem(roadmapVotesKey(WORKSPACE_ID))).toBeNull();
  });

  it('says when to try again after a rate limit', async () => {
    const { api, screen } = setupRoadmap({ proxy: PROXY });
    await loaded(screen);
    api.intercept((request) =>
      request.method === 'POST'
        ? api.json(
            429,
            { error: { code: 'rate_limited', message: 'slow down', request_id: 'r' } },
            { 'retry-after': '120' },
          )
        : undefined,
    );
    fireEvent.click(await waitFor(() => screen.getByRole('button', { name: 'Upvote Search, 3 upvotes' })));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many votes just now. Please try again in 120 s.'),
    );
  });
});

describe('theme', () => {
  const accent = (root: HTMLElement) => root.style.getPropertyValue('--hk-ws-accent');

  it('maps the workspace colours, light by default and dark when the workspace says so', async () => {
    const light = setupRoadmap();
    await loaded(light.screen);
    expect(light.root().dataset.scheme).toBe('light');
    expect(accent(light.root())).toBe('#0b5fff');
    expect(light.root().style.getPropertyValue('--hk-ws-background')).toBe('#ffffff');
    const dark = setupRoadmap({}, portal({ workspace: workspace({ darkMode: true }) }));
    await loaded(dark.screen);
    expect(dark.root().dataset.scheme).toBe('dark');
    expect(accent(dark.root())).toBe('#7aa7ff');
  });

  it('lets the theme attribute force a scheme, and auto follow the reader live', async () => {
    media = installMatchMedia(false);
    const { screen, element, root } = setupRoadmap({ theme: 'dark' });
    await loaded(screen);
    expect(root().dataset.scheme).toBe('dark');
    element.theme = 'auto';
    await waitFor(() => expect(root().dataset.scheme).toBe('light'));
    act(() => media!.setDark(true));
    expect(root().dataset.scheme).toBe('dark');
    expect(accent(root())).toBe('#7aa7ff');
  });

  it('falls back to the default palette for a colour that is not hex, rgb() or hsl()', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { screen, root } = setupRoadmap(
      {},
      portal({ workspace: workspace({ accentColor: 'url(https://evil.example/x)' }) }),
    );
    await loaded(screen);
    expect(accent(root())).toBe('#4f46e5');
    expect(warned.mock.calls.map(([line]) => line)).toEqual([
      expect.stringContaining('Ignoring accentColor "url(https://evil.example/x)"'),
    ]);
    warned.mockRestore();
  });

  it('reads public --hearken-* properties before the workspace palette', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    const css = [...element.shadowRoot!.adoptedStyleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('')
      .replace(/\s+/g, '');
    for (const name of ['accent', 'background', 'text', 'accent-text', 'button-text', 'surface', 'border', 'muted']) {
      expect(css).toContain(`--hk-${name}:var(--hearken-${name},var(--hk-ws-${name}))`);
    }
    expect(css).toContain('var(--hearken-radius,10px)');
    // Set through `font-family` or the `font` shorthand.
    expect(css).toMatch(/font(-family)?:[^;]*var\(--hearken-font-family,/);
  });
});

describe('languages', () => {
  it('switches strings when the language changes, loading German on demand', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    expect(screen.getByRole('button', { name: 'Issues' })).toBeTruthy();
    element.language = 'de';
    await waitFor(() => screen.getByRole('button', { name: 'Aufgaben' }));
    expect(screen.getByRole('group', { name: 'Ansichten' })).toBeTruthy();
  });

  it('lays Arabic out right to left', async () => {
    const { screen, root } = setupRoadmap({ language: 'ar' });
    await loaded(screen);
    await waitFor(() => screen.getByRole('button', { name: 'المهام' }));
    expect(root().getAttribute('dir')).toBe('rtl');
    expect(root().getAttribute('lang')).toBe('ar');
  });

  it('applies string overrides over any language', async () => {
    const api = createFakeApi(portal());
    const { screen } = createRoadmap(
      { workspace: WORKSPACE_ID, 'api-base': API, language: 'fr' },
      { fetch: api.fetch, strings: { issues: 'Bugs & ideas' } },
    );
    await loaded(screen);
    await waitFor(() => screen.getByRole('button', { name: 'Feuille de route' }));
    expect(screen.getByRole('button', { name: 'Bugs & ideas' })).toBeTruthy();
  });
});

describe('attributes, properties and keyboard', () => {
  it('keeps attributes and properties in step, and re-renders on a new workspace or view', async () => {
    const { api, screen, element } = setupRoadmap();
    await loaded(screen);
    element.view = 'issues';
    expect(element.getAttribute('view')).toBe('issues');
    await waitFor(() => screen.getByRole('searchbox'));
    api.update({ workspace: workspace({ id: 'ws_other', name: 'Other Co' }) });
    const hold = deferred<void>();
    api.intercept(() => hold.promise.then(() => undefined));
    element.setAttribute('workspace', 'ws_other');
    expect(element.workspace).toBe('ws_other');
    // Another workspace loads from scratch, behind the same skeleton as the first.
    await waitFor(() =>
      expect(element.shadowRoot!.querySelectorAll('.hk-shell[aria-busy="true"] > i')).toHaveLength(4),
    );
    hold.resolve();
    await loaded(screen, 'Other Co');
    expect(element.shadowRoot!.querySelector('.hk-shell')).toBeNull();
    expect(api.reads().some((request) => request.url.pathname === '/api/v1/issues/ws_other')).toBe(true);
  });

  it('switches views with buttons that say which one is current', async () => {
    const { screen, element } = setupRoadmap();
    await loaded(screen);
    const issues = screen.getByRole('button', { name: 'Issues' });
    expect(screen.getByRole('button', { name: 'Roadmap' }).getAttribute('aria-pressed')).toBe('true');
    issues.focus();
    fireEvent.click(issues);
    await waitFor(() => expect(issues.getAttribute('aria-pressed')).toBe('true'));
    expect(element.getAttribute('view')).toBe('issues');
    expect(element.shadowRoot!.activeElement).toBe(issues);
  });
});

describe('mountRoadmap', () => {
  it('renders into a plain element, updates and is destroyed', async () => {
    const api = createFakeApi(portal());
    const host = document.createElement('div');
    document.body.append(host);
    const seen: string[] = [];
    host.addEventListener('hearken:load', () => seen.push('load'));
    const handle = mountRoadmap(host, { workspace: WORKSPACE_ID, apiBase: API, fetch: api.fetch });
    const screen = within(host.shadowRoot as unknown as HTMLElement);
    await loaded(screen);
    expect(seen).toEqual(['load']);
    handle.update({ view: 'issues' });
    await waitFor(() => screen.getByRole('searchbox'));
    handle.destroy();
    await waitFor(() => expect(host.shadowRoot!.querySelector('.hk-root')).toBeNull());
  });
});
