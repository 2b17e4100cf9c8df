import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { SOURCE_ATTRIBUTES, startEarlyReads, takeEarlyReads } from './early-reads.ts';
import { define } from './element/define.ts';
import { ROADMAP_OPTIONS, SOURCE } from './options.ts';
import { createFakeApi } from './test/fake-api.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** The fake portal as the page's `fetch`, with the URLs asked for counted at once. */
function stubFetch() {
  const api = createFakeApi(portal());
  const fetch = vi.fn(api.fetch);
  vi.stubGlobal('fetch', fetch);
  return { api, urls: () => fetch.mock.calls.map(([input]) => String(input)) };
}

/** A `<hearken-roadmap>` as the loader finds it: in the page, its code not loaded yet. */
function unloaded(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('hearken-roadmap-early');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const parsed = (element: HTMLElement) =>
  ROADMAP_OPTIONS.parse(
    Object.fromEntries(
      SOURCE.map((key) => [
        key,
        (element as unknown as Record<string, unknown>)[key] ?? element.getAttribute(ROADMAP_OPTIONS.attributeOf(key)),
      ]),
    ),
  );

it('reads the attributes the option table gives the options the reads depend on', () => {
  expect(Object.keys(SOURCE_ATTRIBUTES).sort()).toEqual(SOURCE.filter((key) => key !== 'fetch').sort());
  for (const [key, attribute] of Object.entries(SOURCE_ATTRIBUTES)) {
    expect(ROADMAP_OPTIONS.attributeOf(key as keyof typeof SOURCE_ATTRIBUTES)).toBe(attribute);
  }
});

it('starts the three reads at once and hands them over once, to options that make the same reads', () => {
  const { urls } = stubFetch();
  const element = unloaded({ workspace: WORKSPACE_ID, 'api-base': 'https://api.example/', language: 'fr' });
  // A property set before the element's code is in wins over its attribute, as it will after the upgrade.
  Object.assign(element, { proxy: 'https://proxy.example' });
  startEarlyReads(element);
  expect(urls()).toEqual([
    `https://api.example/api/v1/workspaces/${WORKSPACE_ID}`,
    `https://api.example/api/v1/projects/${WORKSPACE_ID}?language=fr`,
    `https://api.example/api/v1/issues/${WORKSPACE_ID}?language=fr`,
  ]);
  const options = { ...parsed(element), proxy: 'https://proxy.example' };
  expect(takeEarlyReads(element, options)?.size).toBe(3);
  expect(takeEarlyReads(element, options)).toBeUndefined();
});

it('gives nothing to options that read elsewhere, and starts nothing where it must not', () => {
  const { api, urls } = stubFetch();
  const element = unloaded({ workspace: WORKSPACE_ID, language: 'fr' });
  startEarlyReads(element);
  expect(takeEarlyReads(element, { ...parsed(element), language: 'de' })).toBeUndefined();

  const withFetch = unloaded({ workspace: WORKSPACE_ID });
  Object.assign(withFetch, { fetch: api.fetch });
  const served = unloaded({ workspace: WORKSPACE_ID });
  served.innerHTML = `<script type="application/json" data-hearken-data>${JSON.stringify({ workspaceId: WORKSPACE_ID })}</script>`;
  const count = urls().length;
  for (const element of [withFetch, served, unloaded({ 'api-base': 'https://api.example' })]) startEarlyReads(element);
  expect(urls()).toHaveLength(count);
});

it('lets a roadmap upgraded after the reads started paint from them, asking for nothing again', async () => {
  const { api, urls } = stubFetch();
  const element = document.createElement('hearken-roadmap');
  element.setAttribute('workspace', WORKSPACE_ID);
  element.setAttribute('api-base', 'https://api.example');
  document.body.append(element);
  const loaded = new Promise<number>((resolve) => {
    element.addEventListener('hearken:load', (event) => resolve(event.detail.projects));
  });
  startEarlyReads(element);
  expect(urls()).toHaveLength(3);
  define();
  await waitFor(() => expect(element.shadowRoot!.querySelector('h2')?.textContent).toBe('Acme'));
  expect(await loaded).toBe(portal().projects.length);
  expect(urls()).toHaveLength(3);
  expect(api.reads()).toHaveLength(3);
});
