/**
 * Svelte 5 template typings of `<hearken-roadmap>` (checked by `svelte-check`). Add once to a file
 * of your app:
 *
 *   import type {} from '@hearken/roadmap/svelte';
 *
 * Svelte sets a property whenever the element has one, so call `define()` before mounting and pass
 * `strings` or `apiBase` as they are; listen with `onhearken:load` and the other `on<event>` attributes.
 */
import type { HTMLAttributes as SvelteAttributes } from 'svelte/elements';
import type { HearkenRoadmapElement } from './element/element.ts';
import type { HearkenRoadmapProps } from './jsx.ts';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'hearken-roadmap': Omit<SvelteAttributes<HearkenRoadmapElement>, keyof HearkenRoadmapProps> & HearkenRoadmapProps;
  }
}
