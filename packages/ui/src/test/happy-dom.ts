/**
 * DOMPurify reads `nodeName` through the getter on `Node.prototype` (so clobbered elements
 * can't lie). happy-dom defines the real getters on subclasses (Element, Text, ...) and leaves
 * the base one returning an empty string, which makes DOMPurify misread every node. Browsers
 * don't differ like that; this makes the base getter answer like theirs, so the tests exercise
 * DOMPurify for real.
 */
const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (base?.get) {
  const baseGet = base.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    ...base,
    get(this: Node) {
      for (
        let proto = Object.getPrototypeOf(this);
        proto && proto !== Node.prototype;
        proto = Object.getPrototypeOf(proto)
      ) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (own) return own.call(this);
      }
      return baseGet.call(this);
    },
  });
}

// happy-dom also fetches resources for parsed-but-detached documents (browsers don't); keep
// the test run offline and quiet.
const settings = (globalThis as { happyDOM?: { settings?: Record<string, unknown> } }).happyDOM?.settings;
if (settings) {
  Object.assign(settings, {
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    handleDisabledFileLoadingAsSuccess: true,
  });
}
