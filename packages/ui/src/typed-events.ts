/**
 * `addEventListener`/`removeEventListener` typed for a widget's map of `hearken:*` event names to
 * detail types, besides the element's usual events. Declarations only: nothing here runs.
 */
export interface HearkenEventTarget<M> {
  addEventListener<K extends keyof M>(
    type: K,
    listener: (event: CustomEvent<M[K]>) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof M>(
    type: K,
    listener: (event: CustomEvent<M[K]>) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/**
 * `HTMLElement` as a base class whose instances take the typed listeners of {@link HearkenEventTarget}.
 * A widget's element extends it (`class extends (HTMLElement as HearkenElementClass<Events>)`):
 * merging the overloads into the class instead would clash with the ones `HTMLElement` declares.
 */
export interface HearkenElementClass<M> {
  new (): HearkenEventTarget<M> & HTMLElement;
  readonly prototype: HTMLElement;
}
