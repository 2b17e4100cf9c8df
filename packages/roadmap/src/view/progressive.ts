import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Prerendered } from './render-mode.tsx';

/** Rows in the first batch by default: about a screenful. */
const FIRST_BATCH = 8;
// What one batch may cost in all, script and the style, layout and paint after it: far under
// the 50 ms of a long task even when a busy device runs several times slower than it did.
const TARGET_MS = 6;
// A batch grows at most this much over the last one, so one fast frame cannot size a slow one.
const GROWTH = 1.5;
const MIN_BATCH = 4;
const MAX_BATCH = 40;

/**
 * Hook: how many of `total` rows to render now. None in the view's first render, so the frame that
 * lays out and draws everything around the rows (and resolves most of its fonts) stays short; then
 * `first` rows in the next frame, then one batch per frame until all are in. Each later batch is
 * sized from the full cost of the one before: its script, measured when it commits, plus the
 * style, layout and paint that follow, measured from the frame's animation callback to the first
 * task after that frame. So no task runs long however costly a row is to lay out. A tree that is
 * complete from the start (see {@link Prerendered}) renders every row at once.
 */
export function useProgressiveCount(total: number, first = FIRST_BATCH): number {
  const whole = useContext(Prerendered).current;
  const [limit, setLimit] = useState(whole ? Number.POSITIVE_INFINITY : 0);
  // The current batch: its size, when its render started (the first pass: when the component
  // that asks first rendered) and its script time, measured when it commits.
  const pace = useRef({ size: 0, started: performance.now(), script: 0 });
  useLayoutEffect(() => {
    pace.current.script = performance.now() - pace.current.started;
  }, [limit]);
  useEffect(() => {
    if (limit >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Style, layout and paint run right after animation callbacks; a task queued from one runs
    // once they are done.
    const frame = requestAnimationFrame(() => {
      const drawing = performance.now();
      timer = setTimeout(() => {
        const current = pace.current;
        const took = current.script + performance.now() - drawing;
        // The first batch has its set size: the pass before it had no rows to measure.
        current.size = current.size
          ? Math.round(
              Math.max(
                MIN_BATCH,
                Math.min(MAX_BATCH, current.size * GROWTH, (current.size * TARGET_MS) / Math.max(took, 1)),
              ),
            )
          : first;
        current.started = performance.now();
        setLimit((n) => n + current.size);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [limit, total]);
  return limit;
}
