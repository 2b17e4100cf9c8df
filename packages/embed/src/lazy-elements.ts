/**
 * Loads each element's code only when such an element appears in the document: one scan at start,
 * then a MutationObserver. Each loader runs at most once (unless it fails, so a later element can
 * retry) and the observer stops when every element is loaded.
 */

export type ElementLoaders = Readonly<Record<string, () => Promise<unknown>>>;

export interface LazyElements {
  /** Loads the element's code now (once) and resolves when the element is defined. */
  ensure(tagName: string): Promise<void>;
  /** Stops watching. */
  disconnect(): void;
}

export function watchElements(loaders: ElementLoaders, root: Document = document): LazyElements {
  const pending = new Map<string, HTMLCollectionOf<Element>>();
  const loading = new Map<string, Promise<void>>();
  let observer: MutationObserver | undefined;

  function ensure(tagName: string): Promise<void> {
    const loader = loaders[tagName];
    if (!loader) return Promise.reject(new Error(`Hearken: no element called <${tagName}>.`));
    const known = loading.get(tagName);
    if (known) return known;
    pending.delete(tagName);
    if (pending.size === 0) observer?.disconnect();
    const registry = root.defaultView?.customElements;
    const load = registry?.get(tagName)
      ? Promise.resolve()
      : loader()
          .then(() => registry?.whenDefined(tagName))
          .then(() => undefined);
    const tracked = load.catch((error: unknown) => {
      loading.delete(tagName);
      watch(tagName);
      throw error;
    });
    loading.set(tagName, tracked);
    return tracked;
  }

  function scan() {
    for (const [tagName, elements] of pending) {
      // Live collections make this check cheap however often the page mutates.
      if (elements.length > 0) ensure(tagName).catch((error: unknown) => console.error(error));
    }
  }

  function watch(tagName: string) {
    pending.set(tagName, root.getElementsByTagName(tagName));
    if (!observer) observer = new (root.defaultView ?? window).MutationObserver(scan);
    observer.observe(root.documentElement, { childList: true, subtree: true });
  }

  for (const tagName of Object.keys(loaders)) watch(tagName);
  scan();

  return {
    ensure,
    disconnect: () => {
      pending.clear();
      observer?.disconnect();
    },
  };
}
