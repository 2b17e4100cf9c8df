import { anchoredEntry } from '@hearken/core/constants';
import { type Locale, loadLocale } from '@hearken/ui';
import { catalog, type RoadmapStrings } from '../strings.ts';
import { loadChangelogView } from './changelog-chunk.ts';

/** How the view draws its tree the first time. */
export interface FirstRender {
  /** The server's markup is there to hydrate, in this language and view (else it renders afresh). */
  hydrate?:
    | { language: string | null | undefined; strings: Partial<RoadmapStrings> | null | undefined; view: string }
    | undefined;
  /** Draws the tree: hydrating with the loaded `locale`, or rendering (English until its language is in). */
  draw(locale: Locale<RoadmapStrings> | undefined, hydrating: boolean): void;
  /** The language or the changelog's code could not be loaded for hydration: the server's markup stays. */
  failed(error: unknown): void;
}

/**
 * Starts the first draw. Hydration waits for what makes the tree match the server's at once: its
 * strings, and the changelog view's code. A fresh render waits for a task of its own, so it does
 * not lengthen the task that loaded this code (on a page that loads the widget, already the
 * longest one). Returns the cancel.
 */
export function firstRender({ hydrate, draw, failed }: FirstRender): () => void {
  let cancelled = false;
  if (!hydrate) {
    const timer = setTimeout(() => draw(undefined, false), 0);
    return () => clearTimeout(timer);
  }
  const changelog = hydrate.view === 'changelog' || anchoredEntry(globalThis.location?.hash);
  Promise.all([
    loadLocale(catalog, hydrate.language, hydrate.strings),
    changelog ? loadChangelogView() : undefined,
  ]).then(
    ([locale]) => {
      if (!cancelled) draw(locale, true);
    },
    (error: unknown) => {
      if (!cancelled) failed(error);
    },
  );
  return () => {
    cancelled = true;
  };
}
