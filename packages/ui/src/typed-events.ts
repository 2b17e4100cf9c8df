/**
 * `addEventListener`/`removeEventListener` typed for a widget's map of `hearken:*` event names to
 * detail types, besides the element's usual events. Declarations only: nothing here runs.
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
