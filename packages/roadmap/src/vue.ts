/**
 * Vue 3 template typings of `<hearken-roadmap>` (checked by `vue-tsc`). Add once to a file of your app:
 *
 *   import type {} from '@hearken/roadmap/vue';
 *
 * and tell Vue's compiler the tag is a custom element (`compilerOptions.isCustomElement` in the
 * Vue plugin's `template` options), so it renders the element instead of looking for a component.
 * Vue sets a property whenever the element has one, so call `define()` before mounting and bind
 * `:strings` or `:apiBase` as they are; listen with `@hearken:load` and the other events.
 */
import type { HTMLAttributes } from 'vue';
import type { HearkenRoadmapElement } from './element/element.ts';
import type { RoadmapEventMap } from './events.ts';
import type { HearkenRoadmapAttributes } from './jsx.ts';

/** Vue's template checker reads `@hearken:load` as the prop `onHearken:load`. */
type VueEventProps = {
  [K in keyof RoadmapEventMap as `on${Capitalize<K>}`]?: (event: CustomEvent<RoadmapEventMap[K]>) => void;
};

/** The element as Vue's template checker sees a component: its settings and its listeners as props. */
type VueRoadmap = new () => HearkenRoadmapElement & {
  /** @deprecated For template type checking only; not a property of the element. */
  $props: Omit<HTMLAttributes, keyof HearkenRoadmapAttributes> & HearkenRoadmapAttributes & VueEventProps;
};

declare module 'vue' {
  interface GlobalComponents {
    'hearken-roadmap': VueRoadmap;
  }
}
