import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { waitFor } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { define } from '../element/define.ts';
import { createFakeApi } from '../test/fake-api.ts';
import { renderRoadmap } from './render.tsx';

define();
afterEach(() => document.body.replaceChildren());

// Until the element adopts server markup, it renders on the client in place of what the browser
// made from the server's declarative template: no error, and the content once.
it('connects over a shadow root the server rendered, and renders the data on the client', async () => {
  const data = portal();
  const api = createFakeApi(data);
  const html = await renderRoadmap({
    workspace: WORKSPACE_ID,
    apiBase: 'https://api.example',
    nonce: 'n0nce',
    data: { workspace: data.workspace, projects: data.projects, issues: data.issues },
  });
  const template = new DOMParser().parseFromString(html, 'text/html').querySelector('template')!;
  const element = document.createElement('hearken-roadmap');
  // What a browser does with <template shadowrootmode="open"> while parsing.
  element.attachShadow({ mode: 'open' }).innerHTML = template.innerHTML;
  element.setAttribute('workspace', WORKSPACE_ID);
  element.setAttribute('api-base', 'https://api.example');
  element.fetch = api.fetch;
  const errors: unknown[] = [];
  element.addEventListener('hearken:error', (event) => errors.push((event as CustomEvent).detail));
  document.body.append(element);
  // The client's own view replaces the server's markup and shows the data, once.
  await waitFor(() => expect(element.shadowRoot!.querySelector('.hk-shell')).toBeNull());
  await waitFor(() => expect(element.shadowRoot!.querySelectorAll('.hk-root')).toHaveLength(1));
  // Projects render a few at a time after the shell.
  await waitFor(() => expect(element.shadowRoot!.querySelector('.hk-root')!.textContent).toContain('Teleport'));
  expect(errors).toEqual([]);
});
