import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Rows rendered in the first pass by default; later passes size themselves to stay within a frame. */
const FIRST_BATCH = 40;
// Half a frame of script, leaving room for style, layout and garbage collection in the same task.
const TARGET_MS = 8;

/**
 * Hook: how many of `total` rows to render now. Grows one batch per task until all are in; each
 * batch is sized from how long the previous one took, so no task runs long on a slow device.
 * `first` is the size of the first pass, which also pays for the rest of the view's first render.
 */
export function useProgressiveCount(total: number, first = FIRST_BATCH): number {
  const [limit, setLimit] = useState(first);
  const batch = useRef({ size: first, started: 0 });
  useLayoutEffect(() => {
    const current = batch.current;
    if (current.started) {
      const took = performance.now() - current.started;
      current.size = Math.max(10, Math.min(200, Math.round((current.size * TARGET_MS) / Math.max(took, 1))));
      current.started = 0;
    }
  }, [limit]);
  useEffect(() => {
    if (limit >= total) return;
    const timer = setTimeout(() => {
      batch.current.started = performance.now();
      setLimit((n) => n + batch.current.size);
    }, 0);
    return () => clearTimeout(timer);
  }, [limit, total]);
  return limit;
}
