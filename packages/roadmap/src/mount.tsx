import { BASE_CSS, mountShadow } from '@hearken/ui';
import { RoadmapApp } from './app.tsx';
import type { RoadmapOptions } from './options.ts';
import { ROADMAP_CSS } from './styles.ts';

/** What {@link mountRoadmap} returns. */
export interface RoadmapHandle {
  /** Changes some options; the rest stay as they were. */
  update(options: Partial<RoadmapOptions>): void;
  /** Removes the widget (the shadow root stays, empty). */
  destroy(): void;
}

/**
 * Renders the roadmap into `element`'s shadow root without a custom element, for apps that
 * manage their own DOM. `element` must be able to host a shadow root (`div`, `section`, ...).
 * Events are dispatched on `element`.
 */
export function mountRoadmap(element: HTMLElement, options: RoadmapOptions): RoadmapHandle {
  const mount = mountShadow(element, { css: [BASE_CSS, ROADMAP_CSS], nonce: options.nonce ?? undefined });
  let current: RoadmapOptions = { ...options };
  const draw = () =>
    mount.render(
      <RoadmapApp
        options={current}
        host={element}
        onViewChange={(view) => {
          current = { ...current, view };
        }}
      />,
    );
  draw();
  return {
    update(next) {
      current = { ...current, ...next };
      draw();
    },
    destroy() {
      mount.render(null);
    },
  };
}
