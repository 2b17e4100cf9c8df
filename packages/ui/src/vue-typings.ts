/**
 * What a widget's `vue.ts` declares for Vue's template checker, over Vue's own `HTMLAttributes`
 * (passed in, so that this package needs no Vue).
 */

/** Vue's template checker reads `@hearken:load` as the prop `onHearken:load`. */
export type VueEventProps<Events> = {
  [K in keyof Events & string as `on${Capitalize<K>}`]?: (event: CustomEvent<Events[K]>) => void;
};

/** The element as Vue's template checker sees a component: its settings and its listeners as props. */
export type VueElementType<Element, Attributes, Events, HTMLAttributes> = new () => Element & {
  /** @deprecated For template type checking only; not a property of the element. */
  $props: Omit<HTMLAttributes, keyof Attributes> & Attributes & VueEventProps<Events>;
};
