import { issue, portal } from '@hearken/test-support';
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, expect, it } from 'vitest';
import { loaded, setupRoadmap } from '../test/render.ts';

// Preact's render hook (`options._render`, published as `__r`): called once per component render.
type RenderHook = ((vnode: VNode) => void) | undefined;
const hooks = options as unknown as { __r: RenderHook };

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

it('one vote on a 1,000-issue list renders at most 2 rows', { timeout: 60_000 }, async () => {
  const many = Array.from({ length: 1000 }, (_, index) => issue(`i${index}`, { title: `Issue ${index}`, upvotes: 2 }));
  const { screen, element } = setupRoadmap(
    { view: 'issues', proxy: 'https://proxy.example' },
    portal({ issues: many }),
  );
  await loaded(screen);
  // Counted twice a second: each count over a thousand rows costs tens of milliseconds in happy-dom.
  await waitFor(() => expect(element.shadowRoot!.querySelectorAll('.hk-issue')).toHaveLength(1000), {
    timeout: 30_000,
    interval: 500,
  });
  // Looked for by role within its row: over the whole list, the role query alone took 8-12 s.
  const row = screen.getByText('Issue 500', { selector: '.hk-issue h4 bdi' }).closest('li')!;
  const button = within(row).getByRole('button', { name: 'Upvote Issue 500, 2 upvotes' });
  let rows = 0;
  const previous = hooks.__r;
  hooks.__r = (vnode) => {
    if (typeof vnode.type === 'function' && vnode.type.name === 'IssueRow') rows++;
    previous?.(vnode);
  };
  try {
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('You upvoted Issue 500, 3 upvotes'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    hooks.__r = previous;
  }
  expect(rows).toBeLessThanOrEqual(2);
});
