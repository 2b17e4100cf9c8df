import type { RoadmapOptions } from '../options.ts';
import { startShell } from './shell.ts';

/** What {@link mountRoadmap} returns. */
export interface RoadmapHandle {
  /** Changes some options; the rest stay as they were. */
  update(options: Partial<RoadmapOptions>): void;
  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void;
  /** Removes the widget (the shadow root stays, empty). */
  destroy(): void;
}

/**
 * Renders the roadmap into `element`'s shadow root without a custom element, for apps that
 * manage their own DOM. `element` must be able to host a shadow root (`div`, `section`, ...).
 * Events are dispatched on `element`. Like the element, it shows a skeleton and starts the reads
 * at once, and loads the widget's code in parallel.
 */
export function mountRoadmap(element: HTMLElement, options: RoadmapOptions): RoadmapHandle {
  let current: RoadmapOptions = { ...options };
  const shell = startShell(element, current, (view) => {
    current = { ...current, view };
  });
  return {
    update(next) {
      current = { ...current, ...next };
      shell.update(current);
    },
    refresh: () => shell.refresh(),
    destroy: () => shell.destroy(),
  };
}
