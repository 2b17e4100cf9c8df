/**
 * `addEventListener`/`removeEventListener` typed for a widget's map of `hearken:*` event names to
 * detail types, besides the element's usual events, and the same for Vue's template checker.
 * Declarations only: nothing here runs.
 */
export interface HearkenEventTarget<M> {
  addEventListener: TypedListenerMethod<M, AddEventListenerOptions>;
  removeEventListener: TypedListenerMethod<M, EventListenerOptions>;
}

/** The overloads both methods share; they differ only in their options. */
interface TypedListenerMethod<M, O> {
  <K extends keyof M>(type: K, listener: (event: CustomEvent<M[K]>) => void, options?: boolean | O): void;
  <K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | O,
  ): void;
  (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | O): void;
}

/**
 * `HTMLElement` as a base class whose instances take the typed listeners of {@link HearkenEventTarget}
 * and the properties `P` (an option table's `OptionProperties`, defined on the prototype at run time).
 * A widget's element extends it (`class extends (HTMLElement as HearkenElementClass<Events, P>)`):
 * merging the overloads into the class instead would clash with the ones `HTMLElement` declares.
 */
export interface HearkenElementClass<M, P = unknown> {
  new (): HearkenEventTarget<M> & HTMLElement & P;
  readonly prototype: HTMLElement;
}

/** A widget's events as Vue's template checker reads them: `@hearken:load` is the prop `onHearken:load`. */
export type VueEventProps<Events> = {
  [K in keyof Events & string as `on${Capitalize<K>}`]?: (event: CustomEvent<Events[K]>) => void;
};

/**
 * The element as Vue's template checker sees a component (a widget's `vue.ts`): its settings and its
 * listeners as props, over Vue's own `HTMLAttributes`, passed in so that this package needs no Vue.
 */
export type VueElementType<Element, Attributes, Events, HTMLAttributes> = new () => Element & {
  /** @deprecated For template type checking only; not a property of the element. */
  $props: Omit<HTMLAttributes, keyof Attributes> & Attributes & VueEventProps<Events>;
};
