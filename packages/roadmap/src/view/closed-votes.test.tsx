import { afterEach, describe, expect, it } from 'vitest';
import { rowsShown, setupRoadmap } from '../test/render.ts';

const PROXY = 'https://proxy.example';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
});

// The service's state word is isolated (U+2068 ... U+2069) inside the sentence.
const words = (element: HTMLElement) => element.textContent!.replace(/[\u2068\u2069]/g, '');

/** The card or issue whose heading says `title`. */
const item = (element: HTMLElement, title: string) =>
  [...element.shadowRoot!.querySelectorAll<HTMLElement>('.hk-card, .hk-issue')].find((card) =>
    card.querySelector('h4')?.textContent?.includes(title),
  )!;

describe('items that shipped or will not be done', () => {
  it('shows a Done issue’s votes to read, saying why, and keeps the button for open issues', async () => {
    const { screen, element } = setupRoadmap({ proxy: PROXY, view: 'issues' });
    await rowsShown(element);
    await screen.findByRole('button', { name: 'Upvote Faster search, 5 upvotes' });
    const done = item(element, 'Fix login');
    expect(done.querySelector('button')).toBeNull();
    expect(words(done)).toContain('Done: voting is closed');
    expect(done.querySelector('.hk-sr-only')?.textContent).toMatch(/^\d+ upvotes?\. $/);
  });

  it('shows a Completed project without a vote button on the board', async () => {
    const { screen, element } = setupRoadmap({ proxy: PROXY });
    await rowsShown(element);
    await screen.findByRole('button', { name: 'Upvote Search, 3 upvotes' });
    const completed = item(element, 'Dark mode');
    expect(completed.querySelector('button')).toBeNull();
    expect(words(completed)).toContain('Completed: voting is closed');
  });
});
