import { WidgetElement, type WidgetElementClass } from '@hearken/ui/dom';
import type { RoadmapEventMap } from '../events.ts';
import { ROADMAP_OPTIONS } from '../options.ts';
import { type RoadmapHandle, startRoadmap } from './mount.ts';

const ElementBase = WidgetElement as WidgetElementClass<RoadmapEventMap, typeof ROADMAP_OPTIONS.fields, RoadmapHandle>;

/**
 * `<hearken-roadmap>`: a workspace's public roadmap, issues and changelog.
 *
 * Its options are {@link ROADMAP_OPTIONS}: attributes `workspace`, `api-base` (`apiBase`), `view`,
 * `theme`, `language`, `proxy` and `nonce`, reflected as properties, and the properties `strings`
 * and `fetch`. Events: `hearken:load`, `hearken:error`, `hearken:upvote`, `hearken:unread` (see
 * {@link RoadmapEventMap}).
 *
 * This class is eager: on connect it draws a sized skeleton and starts the portal reads, while
 * the view (Preact, the views, the model, the API client) loads in parallel.
 */
export class HearkenRoadmapElement extends ElementBase {
  static readonly observedAttributes: string[] = ROADMAP_OPTIONS.attributes;

  static {
    ROADMAP_OPTIONS.reflect(HearkenRoadmapElement.prototype, (element) => (element as HearkenRoadmapElement).changed());
  }

  constructor() {
    super(ROADMAP_OPTIONS, (element, options) =>
      startRoadmap(element, options, (view) => {
        element.view = view;
      }),
    );
  }

  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void {
    this.handle?.refresh();
  }
}
