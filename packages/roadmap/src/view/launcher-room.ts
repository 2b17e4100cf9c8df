import { ownStyles } from '@hearken/ui/dom';
import { launcherRoom, onLauncherMoved } from '@hearken/ui/launcher-room';

/**
 * Keeps the room a fixed feedback launcher covers (`launcherRoom`) at the widget's own end, as
 * `--hk-launcher-room` (the stylesheets pad `:host` by it), when the page has less than that below
 * the widget: otherwise the last cards' vote buttons stay under the launcher however far the page
 * scrolls. The host's layout is left alone. Measured again when the widget or the page changes
 * size and when a launcher appears, moves or goes, a frame later so the measure sees the new
 * layout and a change of room never loops. Returns a function that stops.
 */
export function keepLauncherRoom(host: HTMLElement, root: ShadowRoot, nonce?: string): () => void {
  if (typeof ResizeObserver !== 'function' || typeof requestAnimationFrame !== 'function') return () => {};
  const page = host.ownerDocument.documentElement;
  let write: ((css: string) => void) | undefined;
  let room = 0;
  let frame = 0;
  const measure = () => {
    frame = 0;
    const covered = launcherRoom();
    // The page's end below the widget (its own room is inside it, so not counted).
    const below = page.scrollHeight + page.getBoundingClientRect().top - host.getBoundingClientRect().bottom;
    const next = covered > below ? covered : 0;
    if (next === room) return;
    room = next;
    write ??= ownStyles(root, nonce);
    write(`:host{--hk-launcher-room:${room}px}`);
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(measure);
  };
  const observer = new ResizeObserver(schedule);
  observer.observe(host);
  observer.observe(page);
  const stopHearing = onLauncherMoved(schedule);
  return () => {
    observer.disconnect();
    stopHearing();
    cancelAnimationFrame(frame);
  };
}
