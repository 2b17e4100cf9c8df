import { lazyModule } from '@hearken/ui/dom';

/**
 * The changelog view (with the rich-text renderer), a chunk of its own: readers of the roadmap
 * and issues never download it. Loaded when the changelog shows, and by the view's mount at once
 * when the changelog is the first view, beside the data. It loads through `changelog-with-view.ts`,
 * which names the view too, so the changelog renders with the very modules the view loaded.
 */
export const loadChangelogView = lazyModule(() =>
  import('./changelog-with-view.ts').then((module) => {
    loaded = module;
    return module;
  }),
);

let loaded: typeof import('./changelog-with-view.ts') | undefined;

/** The changelog view if it has loaded, so a render can use it at once. */
export const loadedChangelogView = (): typeof import('./changelog-with-view.ts') | undefined => loaded;
