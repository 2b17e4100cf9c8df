import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import { createFakeApi, deferred } from '../test/fake-api.ts';
import { define } from './define.ts';

// Holds the widget's code back until the test lets it go, like a slow network would.
const code = deferred<void>();
let codeLoaded = false;
vi.mock('../view/mount-view.tsx', async (importOriginal) => {
  await code.promise;
  codeLoaded = true;
  return importOriginal();
});

define();
afterEach(() => document.body.replaceChildren());

it('shows a skeleton and starts the portal reads on connect, before the widget code is in, then uses them', async () => {
  const api = createFakeApi(portal());
  const element = document.createElement('hearken-roadmap');
  element.setAttribute('workspace', WORKSPACE_ID);
  element.setAttribute('api-base', 'https://api.example');
  element.setAttribute('language', 'fr');
  element.fetch = api.fetch;
  document.body.append(element);
  expect(element.shadowRoot!.querySelector('.hk-shell[aria-busy=true]')!.children).toHaveLength(4);
  await waitFor(() => expect(api.reads()).toHaveLength(3));
  expect(codeLoaded).toBe(false);
  expect(api.reads().map((read) => read.url.href)).toEqual([
    `https://api.example/api/v1/workspaces/${WORKSPACE_ID}`,
    `https://api.example/api/v1/projects/${WORKSPACE_ID}?language=fr`,
    `https://api.example/api/v1/issues/${WORKSPACE_ID}?language=fr`,
  ]);
  // Another roadmap whose language changes while its code is still loading.
  const otherApi = createFakeApi(portal());
  const other = document.createElement('hearken-roadmap');
  Object.assign(other, {
    workspace: WORKSPACE_ID,
    apiBase: 'https://api.example',
    language: 'fr',
    fetch: otherApi.fetch,
  });
  document.body.append(other);
  await waitFor(() => expect(otherApi.reads()).toHaveLength(3));
  other.language = 'de';

  code.resolve();
  await waitFor(() => expect(element.shadowRoot!.querySelector('h2')?.textContent).toBe('Acme'));
  expect(element.shadowRoot!.querySelector('.hk-shell')).toBeNull();
  // The client took the responses already read instead of asking again.
  expect(api.reads()).toHaveLength(3);
  // The other one's reads were for French: it reads again in German rather than use them.
  await waitFor(() => expect(other.shadowRoot!.querySelector('h2')?.textContent).toBe('Acme'));
  expect(otherApi.reads().map((read) => read.url.searchParams.get('language'))).toEqual([
    null,
    'fr',
    'fr',
    null,
    'de',
    'de',
  ]);
});
