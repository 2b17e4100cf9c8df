/**
 * Runs `destroy` if `element` is still out of the document a microtask after it was disconnected:
 * moving an element disconnects and reconnects it in one task, and a moved widget keeps its state.
 * For a widget element's `disconnectedCallback`.
 */
export function whenRemoved(element: Node, destroy: () => void): void {
  queueMicrotask(() => {
    if (!element.isConnected) destroy();
  });
}
