import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HearkenRoadmapElement } from './element/element.ts';
import { createFakeApi } from './test/fake-api.ts';
import './test/render.ts';

afterEach(() => document.body.replaceChildren());

describe('<hearken-roadmap> inside a Preact host', () => {
  it('is typed in JSX, takes attributes and delivers typed events', async () => {
    const api = createFakeApi(portal());
    const onLoad = vi.fn();
    let element: HearkenRoadmapElement | null = null;
    render(
      <hearken-roadmap
        workspace={WORKSPACE_ID}
        api-base="https://api.example"
        view="issues"
        theme="dark"
        ref={(node) => {
          element = node;
          if (node) node.fetch = api.fetch;
        }}
        onhearken:load={(event) => onLoad(event.detail.issues)}
      />,
    );
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith(3));
    expect(element!.view).toBe('issues');
    expect(element!.shadowRoot!.querySelector('.hk-root')!.getAttribute('data-scheme')).toBe('dark');
    // @ts-expect-error: only the documented views are accepted.
    void (<hearken-roadmap view="kanban" />);
    expect(document.querySelector('hearken-roadmap')).toBe(element);
  });
});
