/**
 * Runs `task` when the browser is idle, at the latest after `timeout` ms; where it cannot tell
 * (no `requestIdleCallback`, as in Safari), after `fallback` ms. The returned function cancels it.
 */
export function whenIdle(task: () => void, timeout = 5_000, fallback = 1): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, fallback);
  return () => clearTimeout(id);
}
