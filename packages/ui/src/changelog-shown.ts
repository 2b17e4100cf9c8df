/**
 * Whether another widget of the page shows the changelog, so a launcher-only page does not count
 * entries its visitor never saw. Apart from the read state, since the roadmap's eager part answers.
 */

/**
 * Asked on `globalThis` (the widgets may come from separate bundles, each with its own copy of
 * this module): does a widget of this page show the changelog whose read state is kept under the
 * key in the event's detail? A widget that does cancels the event.
 */
const SHOWN_EVENT = 'hearken:changelog-shown';

/** Whether a widget of this page shows the changelog read under `key` (one answering with {@link answerChangelogShown}). */
export function changelogShownOnPage(key: string): boolean {
  if (typeof dispatchEvent !== 'function') return false;
  return !globalThis.dispatchEvent(new CustomEvent(SHOWN_EVENT, { detail: key, cancelable: true }));
}

/** Answers {@link changelogShownOnPage} for `key()` while `shows()` is true. Returns a function that stops. */
export function answerChangelogShown(key: () => string, shows: () => boolean): () => void {
  if (typeof addEventListener !== 'function') return () => {};
  const onAsk = (event: Event) => {
    if ((event as CustomEvent).detail === key() && shows()) event.preventDefault();
  };
  globalThis.addEventListener(SHOWN_EVENT, onAsk);
  return () => globalThis.removeEventListener(SHOWN_EVENT, onAsk);
}
