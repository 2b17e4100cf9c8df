/** The longest the launcher's idle work waits for a roadmap of the page, from the launcher's mount (ms). */
export const ROADMAP_WAIT_MS = 3_000;

/**
 * Calls `callback` once the page's `<hearken-roadmap>` has its content in (its `hearken:load`, or
 * its `hearken:error`), at once on a page without one, and at the latest after
 * {@link ROADMAP_WAIT_MS}: the launcher's idle work (its view and reads) then never takes the
 * network from the roadmap's first content, as its updates read never did (issue 33). Returns a
 * function that cancels the wait.
 */
export function afterRoadmap(document: Document, callback: () => void): () => void {
  if (!document.querySelector('hearken-roadmap')) {
    callback();
    return () => {};
  }
  const heard = (event: Event) => {
    // Composed events reach the document retargeted to the widget's host.
    if ((event.target as Element | null)?.localName !== 'hearken-roadmap') return;
    stop();
    callback();
  };
  const timer = setTimeout(() => {
    stop();
    callback();
  }, ROADMAP_WAIT_MS);
  const stop = () => {
    clearTimeout(timer);
    document.removeEventListener('hearken:load', heard);
    document.removeEventListener('hearken:error', heard);
  };
  document.addEventListener('hearken:load', heard);
  document.addEventListener('hearken:error', heard);
  return stop;
}
