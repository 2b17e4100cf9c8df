import { answerLauncherRoom } from '@hearken/ui/launcher-room';
import { effect } from '@preact/signals';
import { LAUNCHER_RING_REACH } from '../launcher-css.ts';
import type { FeedbackShell } from '../shell.ts';

/**
 * How much of the viewport's bottom the launcher covers, its focus ring included (0 at the top, or
 * when it is not shown).
 */
function footprint(launcher: HTMLElement | null, position: string): number {
  if (!launcher?.isConnected || !position.startsWith('bottom')) return 0;
  const { top, height } = launcher.getBoundingClientRect();
  return height > 0 ? Math.ceil(launcher.ownerDocument.documentElement.clientHeight - top) + LAUNCHER_RING_REACH : 0;
}

/**
 * Tells a roadmap of the page how much room the launcher covers (`launcherRoom`), so one ending
 * the page keeps that much below its last cards; again whenever the launcher appears, moves or
 * goes. In the view, not the eager element: the roadmap's cards come with its own view, later
 * than the launcher. Returns a function that stops.
 */
export function answerRoom({ launcher, options }: FeedbackShell): () => void {
  const room = answerLauncherRoom(() => footprint(launcher.peek(), options.position.peek()));
  const stop = effect(() => {
    void launcher.value;
    void options.position.value;
    room.moved();
  });
  return () => {
    stop();
    room.stop();
  };
}
