/** How long after the data arrived the view keeps the skeleton's height. */
export const SETTLE_MS = 2000;

/**
 * Keeps `container` at least `height` pixels tall for SETTLE_MS while the view fills in after the
 * skeleton (the header first, then rows a few at a time, then the changelog's chunk), so the page
 * below it does not move up and back down. A view still shorter than the skeleton then takes its
 * own height, once. Returns a function that ends the hold now.
 */
export function holdHeight(container: HTMLElement, height: number): () => void {
  const release = () => {
    clearTimeout(timer);
    container.style.minHeight = '';
  };
  container.style.minHeight = `${height}px`;
  const timer = setTimeout(release, SETTLE_MS);
  return release;
}
