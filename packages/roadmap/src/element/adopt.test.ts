import { changelog, portal, WORKSPACE_ID } from '@hearken/test-support';
import { fireEvent, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoadmapView } from '../options.ts';
import { renderRoadmap } from '../server/render.tsx';
import { createFakeApi } from '../test/fake-api.ts';
import { define } from './define.ts';
import type { HearkenRoadmapElement } from './element.ts';

define();
afterEach(() => document.body.replaceChildren());

const PROXY = 'https://proxy.example';

async function served(view: RoadmapView = 'roadmap', language?: string) {
  const data = portal({
    latestChangelog: changelog({
      title: 'Release 2',
      notes: '<h3>New</h3><ul><li>Dark <strong>mode</strong></li></ul>',
    }),
  });
  const html = await renderRoadmap({
    workspace: WORKSPACE_ID,
    apiBase: PROXY,
    proxy: PROXY,
    view,
    language,
    nonce: 'n0nce',
    data: { workspace: data.workspace, projects: data.projects, issues: data.issues, changelog: data.latestChangelog },
  });
  return { data, html: new DOMParser().parseFromString(html, 'text/html').querySelector('hearken-roadmap')! };
}

/**
 * The element as a browser parses the server's markup; `declarative: false` as a browser without
 * declarative shadow DOM does, leaving the template in the light DOM.
 */
function parsed(source: Element, declarative = true) {
  const element = document.createElement('hearken-roadmap') as HearkenRoadmapElement;
  for (const { name, value } of source.attributes) element.setAttribute(name, value);
  const template = source.querySelector('template')!;
  if (declarative) element.attachShadow({ mode: 'open' }).innerHTML = template.innerHTML;
  else element.append(document.importNode(template, true));
  element.append(document.importNode(source.querySelector('script')!, true));
  return element;
}

function connect(element: HearkenRoadmapElement, fetch: typeof globalThis.fetch) {
  const events: CustomEvent[] = [];
  for (const type of ['hearken:load', 'hearken:error', 'hearken:upvote'])
    element.addEventListener(type, (event) => events.push(event as CustomEvent));
  element.fetch = fetch;
  document.body.append(element);
  return events;
}

// The portal reads the server's data replaces (the changelog's history is more than it gave).
const portalReads = (api: ReturnType<typeof createFakeApi>) =>
  api.reads().filter((request) => request.url.pathname.startsWith('/api/v1/'));

const nodes = (root: ParentNode) => [...root.querySelectorAll('.hk-root *')];

describe('adopting server markup', () => {
  it('keeps every node, reads nothing it was given, and votes once hydrated', async () => {
    const { data, html } = await served();
    const api = createFakeApi(data);
    const element = parsed(html);
    const before = nodes(element.shadowRoot!);
    expect(before.length).toBeGreaterThan(20);
    const events = connect(element, api.fetch);
    await waitFor(() => expect(events.map((event) => event.type)).toContain('hearken:load'));
    const root = element.shadowRoot!;
    expect(root.querySelector('.hk-shell')).toBeNull();
    expect(root.querySelectorAll('.hk-root')).toHaveLength(1);
    const vote = root.querySelector<HTMLButtonElement>('button.hk-vote[aria-label^="Upvote Search,"]')!;
    // Hydration attaches the handler to the server's button: a click counts and posts.
    await waitFor(() => {
      fireEvent.click(vote);
      expect(vote.getAttribute('aria-pressed')).toBe('true');
    });
    // Every node the server wrote is still there (the unread badge, which reads the reader's
    // storage, is the one addition).
    expect(before.filter((node) => node.getRootNode() !== root)).toEqual([]);
    expect(nodes(root).filter((node) => !before.includes(node) && !node.closest('.hk-badge'))).toEqual([]);
    expect(portalReads(api)).toEqual([]);
    await waitFor(() => expect(api.seen.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(events.filter((event) => event.type === 'hearken:error')).toEqual([]);
  });

  it('keeps the changelog notes as the server sanitised them, and switches views on the client', async () => {
    const { data, html } = await served('changelog');
    const api = createFakeApi(data);
    const element = parsed(html);
    const notes = element.shadowRoot!.querySelector('.hk-notes')!;
    const item = notes.querySelector('strong')!;
    expect(notes.innerHTML).toBe('<h3>New</h3><ul><li>Dark <strong>mode</strong></li></ul>');
    const events = connect(element, api.fetch);
    await waitFor(() => expect(events.map((event) => event.type)).toContain('hearken:load'));
    const root = element.shadowRoot!;
    await waitFor(() => {
      fireEvent.click(root.querySelector('.hk-tab')!);
      expect(root.querySelector('.hk-columns')).not.toBeNull();
    });
    fireEvent.click([...root.querySelectorAll('.hk-tab')].at(-1)!);
    await waitFor(() => expect(root.querySelector('.hk-notes strong')?.textContent).toBe('mode'));
    expect(element.getAttribute('view')).toBe('changelog');
    fireEvent.click(root.querySelectorAll('.hk-tab')[0]!);
    expect(item.isConnected).toBe(false);
    expect(portalReads(api)).toEqual([]);
  });

  it('keeps the served language: the same text, right to left, with no English first', async () => {
    const { data, html } = await served('issues', 'ar');
    const api = createFakeApi(data);
    const element = parsed(html);
    const text = () => {
      const root = element.shadowRoot!.querySelector('.hk-root')!.cloneNode(true) as Element;
      for (const badge of root.querySelectorAll('.hk-badge')) badge.remove();
      return root.textContent;
    };
    const before = text();
    expect(element.shadowRoot!.querySelector('.hk-root')!.getAttribute('dir')).toBe('rtl');
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(text()!));
    observer.observe(element.shadowRoot!, { subtree: true, characterData: true, childList: true });
    const events = connect(element, api.fetch);
    await waitFor(() => expect(events.map((event) => event.type)).toContain('hearken:load'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(seen.filter((shown) => shown !== before)).toEqual([]);
    expect(element.shadowRoot!.querySelector('.hk-root')!.getAttribute('dir')).toBe('rtl');
    expect(portalReads(api)).toEqual([]);
  });

  it('renders on the client, once, where the browser left the template unattached, from the served data', async () => {
    const { data, html } = await served();
    const api = createFakeApi(data);
    const element = parsed(html, false);
    expect(element.shadowRoot).toBeNull();
    const events = connect(element, api.fetch);
    const root = element.shadowRoot!;
    await waitFor(() => expect(root.querySelector('.hk-root')?.textContent).toContain('Teleport'));
    expect(root.querySelectorAll('.hk-root')).toHaveLength(1);
    expect(root.querySelector('.hk-shell')).toBeNull();
    expect(portalReads(api)).toEqual([]);
    expect(events.filter((event) => event.type === 'hearken:error')).toEqual([]);
  });

  it('reads as usual when the served data is for another workspace', async () => {
    const { data, html } = await served();
    const api = createFakeApi(data);
    const element = parsed(html);
    element.setAttribute('workspace', 'ws_other');
    connect(element, api.fetch);
    await waitFor(() => expect(portalReads(api).length).toBeGreaterThan(0));
  });
});
