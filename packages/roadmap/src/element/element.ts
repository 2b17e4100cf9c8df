import { type HearkenElementClass, type OptionProperties, whenRemoved } from '@hearken/ui/dom';
import type { RoadmapEventMap } from '../events.ts';
import { ROADMAP_OPTIONS } from '../options.ts';
import { type RoadmapHandle, startRoadmap } from './mount.ts';

// Lets the module load where HTMLElement is missing (a server render in Node); defining needs a DOM.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as HearkenElementClass<
  RoadmapEventMap,
  OptionProperties<typeof ROADMAP_OPTIONS.fields>
>;

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
    ROADMAP_OPTIONS.reflect(HearkenRoadmapElement.prototype, (element) =>
      (element as HearkenRoadmapElement).#changed(),
    );
  }

  #handle: RoadmapHandle | undefined;

  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void {
    this.#handle?.refresh();
  }

  /** An option changed, as an attribute or a property. */
  #changed(): void {
    this.#handle?.update(ROADMAP_OPTIONS.read(this));
  }

  connectedCallback(): void {
    ROADMAP_OPTIONS.upgrade(this);
    this.#handle ??= startRoadmap(this, ROADMAP_OPTIONS.read(this), (view) => {
      this.view = view;
    });
  }

  disconnectedCallback(): void {
    whenRemoved(this, () => {
      this.#handle?.destroy();
      this.#handle = undefined;
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.#changed();
  }
}
