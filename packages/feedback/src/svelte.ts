/**
 * Svelte 5 template typings of `<hearken-feedback>` (checked by `svelte-check`). Add once to a file
 * of your app:
 *
 *   import type {} from '@hearken/feedback/svelte';
 *
 * Svelte sets a property whenever the element has one, so call `define()` before mounting and pass
 * `strings` or `context` as they are; listen with `onhearken:success` and the other `on<event>` attributes.
 */
import type { HTMLAttributes as SvelteAttributes } from 'svelte/elements';
import type { HearkenFeedbackElement } from './element/element.ts';
import type { HearkenFeedbackProps } from './jsx.ts';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'hearken-feedback': Omit<SvelteAttributes<HearkenFeedbackElement>, keyof HearkenFeedbackProps> &
      HearkenFeedbackProps;
  }
}
