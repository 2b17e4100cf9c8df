/**
 * Vue 3 template typings of `<hearken-feedback>` (checked by `vue-tsc`). Add once to a file of your app:
 *
 *   import type {} from '@hearken/feedback/vue';
 *
 * and tell Vue's compiler the tag is a custom element (`compilerOptions.isCustomElement` in the
 * Vue plugin's `template` options), so it renders the element instead of looking for a component.
 * Vue sets a property whenever the element has one, so call `define()` before mounting and bind
 * `:strings` or `:context` as they are; listen with `@hearken:success` and the other events.
 */
import type { HTMLAttributes } from 'vue';
import type { HearkenFeedbackElement } from './element/element.ts';
import type { FeedbackEventMap } from './events.ts';
import type { HearkenFeedbackAttributes } from './jsx.ts';

/** Vue's template checker reads `@hearken:load` as the prop `onHearken:load`. */
type VueEventProps = {
  [K in keyof FeedbackEventMap as `on${Capitalize<K>}`]?: (event: CustomEvent<FeedbackEventMap[K]>) => void;
};

/** The element as Vue's template checker sees a component: its settings and its listeners as props. */
type VueFeedback = new () => HearkenFeedbackElement & {
  /** @deprecated For template type checking only; not a property of the element. */
  $props: Omit<HTMLAttributes, keyof HearkenFeedbackAttributes> & HearkenFeedbackAttributes & VueEventProps;
};

declare module 'vue' {
  interface GlobalComponents {
    'hearken-feedback': VueFeedback;
  }
}
