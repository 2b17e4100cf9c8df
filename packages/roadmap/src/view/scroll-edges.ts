/**
 * Marks a sideways-scrolling element with the edges that have more content beyond them, as
 * `data-more` on `marker` (`start`, `end`, both or none, in the reading direction), so the
 * stylesheet can shade those edges: where scrollbars overlay (macOS, phones) nothing else shows
 * that the board scrolls. Kept up to date on scroll and resize; returns a function that stops.
 */
export function markScrollEdges(scroller: HTMLElement, marker: HTMLElement): () => void {
  const update = () => {
    const hidden = scroller.scrollWidth - scroller.clientWidth;
    // Right to left, scrollLeft runs from 0 down to -hidden; a pixel of slack absorbs zoom rounding.
    const offset = Math.abs(scroller.scrollLeft);
    const more = [offset > 1 && 'start', offset < hidden - 1 && 'end'].filter(Boolean).join(' ');
    if (more) marker.dataset.more = more;
    else delete marker.dataset.more;
  };
  update();
  scroller.addEventListener('scroll', update, { passive: true });
  // The widget's width decides how much of the board shows.
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
  resized?.observe(scroller);
  return () => {
    scroller.removeEventListener('scroll', update);
    resized?.disconnect();
  };
}
