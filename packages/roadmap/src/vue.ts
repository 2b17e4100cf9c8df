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
import type { VueElementType } from '@hearken/ui/dom';
import type { HTMLAttributes } from 'vue';
import type { HearkenRoadmapElement } from './element/element.ts';
import type { RoadmapEventMap } from './events.ts';
import type { HearkenRoadmapAttributes } from './jsx.ts';

declare module 'vue' {
  interface GlobalComponents {
    'hearken-roadmap': VueElementType<HearkenRoadmapElement, HearkenRoadmapAttributes, RoadmapEventMap, HTMLAttributes>;
  }
}
