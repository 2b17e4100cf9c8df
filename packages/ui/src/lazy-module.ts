/**
 * `load` (a dynamic import) called once per page, on first need: every later call shares its
 * promise. A failed load (offline) is forgotten, so the next call tries again.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
