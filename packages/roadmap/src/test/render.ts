import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { waitFor, within } from '@testing-library/preact';
import { expect } from 'vitest';
import { define } from '../element/define.ts';
import type { HearkenRoadmapElement } from '../element/element.ts';
import type { RoadmapEventMap } from '../events.ts';
import { createFakeApi } from './fake-api.ts';

define();

/** Creates a `<hearken-roadmap>` with attributes and properties, attached to the document. */
export function createRoadmap(
  attributes: Record<string, string>,
  properties: Partial<Pick<HearkenRoadmapElement, 'fetch' | 'strings'>> = {},
) {
  const element = document.createElement('hearken-roadmap');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  Object.assign(element, properties);
  const events: { type: keyof RoadmapEventMap; detail: unknown }[] = [];
  for (const type of ['hearken:load', 'hearken:error', 'hearken:upvote'] as const) {
    document.addEventListener(type, (event) => {
      if (event.target === element) events.push({ type, detail: (event as CustomEvent).detail });
    });
  }
  document.body.append(element);
  const screen = within(element.shadowRoot as unknown as HTMLElement);
  return { element, screen, events, root: () => element.shadowRoot!.querySelector<HTMLElement>('.hk-root')! };
}

/** Waits until the first load has rendered the header. */
export async function loaded(screen: ReturnType<typeof within>, name = 'Acme') {
  await waitFor(() => {
    // The role is checked within the header: over the whole view it costs seconds once a thousand
    // rows are in (happy-dom computes each element's style), past the wait's time on a busy machine.
    const header = screen.getByText(name, { selector: '.hk-header > h2' }).parentElement!;
    within(header).getByRole('heading', { level: 2, name });
  });
}

/** Waits until the view's first cards or issues are in: they follow the rest of the view by a frame. */
export async function rowsShown(element: HTMLElement) {
  await waitFor(() => expect(element.shadowRoot!.querySelector('.hk-card, .hk-issue')).not.toBeNull());
}

/** The service origin the tests' roadmaps read from. */
export const API = 'https://api.example';

/** A roadmap for the fixture workspace, reading `data` through a fake service. */
export function setupRoadmap(attributes: Record<string, string> = {}, data = portal()) {
  const api = createFakeApi(data);
  const view = createRoadmap({ workspace: WORKSPACE_ID, 'api-base': API, ...attributes }, { fetch: api.fetch });
  return { api, ...view };
}
