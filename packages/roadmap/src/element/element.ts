import { type HearkenElementClass, reflectAttributes, upgradeProperties, whenRemoved } from '@hearken/ui/dom';
import type { RoadmapEventMap } from '../events.ts';
import { ATTRIBUTES, type RoadmapOptions } from '../options.ts';
import type { RoadmapStrings } from '../strings.ts';
import { type RoadmapHandle, startRoadmap } from './mount.ts';

// Lets the module load where HTMLElement is missing (a server render in Node); defining needs a DOM.
const ElementBase = (
  typeof HTMLElement === 'undefined' ? class {} : HTMLElement
) as HearkenElementClass<RoadmapEventMap>;

const PROPERTIES = Object.keys(ATTRIBUTES) as (keyof typeof ATTRIBUTES)[];

/**
 * `<hearken-roadmap>`: a workspace's public roadmap, issues and changelog.
 *
 * Attributes (reflected as properties): `workspace`, `api-base` (`apiBase`), `view`, `theme`,
 * `language`, `proxy`, plus `nonce`. Properties only: `strings` (overrides) and `fetch`.
 * Events: `hearken:load`, `hearken:error`, `hearken:upvote` (see {@link RoadmapEventMap}).
 *
 * This class is eager: on connect it draws a sized skeleton and starts the portal reads, while
 * the view (Preact, the views, the model, the API client) loads in parallel.
 */
export class HearkenRoadmapElement extends ElementBase {
  static readonly observedAttributes: string[] = [...Object.values(ATTRIBUTES), 'nonce'];

  declare workspace: string | null;
  declare apiBase: string | null;
  declare view: string | null;
  declare theme: string | null;
  declare language: string | null;
  declare proxy: string | null;

  #strings: Partial<RoadmapStrings> | null = null;
  #fetch: typeof globalThis.fetch | undefined;
  #handle: RoadmapHandle | undefined;

  /** Replacement strings, merged over the chosen language. */
  get strings(): Partial<RoadmapStrings> | null {
    return this.#strings;
  }
  set strings(value: Partial<RoadmapStrings> | null) {
    this.#strings = value;
    this.#changed();
  }

  /** A fetch implementation for the widget's requests (default: the global one). */
  get fetch(): typeof globalThis.fetch | undefined {
    return this.#fetch;
  }
  set fetch(value: typeof globalThis.fetch | undefined) {
    this.#fetch = value;
    this.#changed();
  }

  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void {
    this.#handle?.refresh();
  }

  #options(): RoadmapOptions {
    return {
      workspace: this.workspace,
      apiBase: this.apiBase,
      view: this.view,
      theme: this.theme,
      language: this.language,
      proxy: this.proxy,
      strings: this.#strings,
      fetch: this.#fetch,
      // The native `nonce` property: browsers hide the attribute's value once the page has loaded.
      nonce: this.nonce || this.getAttribute('nonce'),
    };
  }

  #changed(): void {
    this.#handle?.update(this.#options());
  }

  connectedCallback(): void {
    upgradeProperties(this, [...PROPERTIES, 'strings', 'fetch']);
    this.#handle ??= startRoadmap(this, this.#options(), (view) => {
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

reflectAttributes(HearkenRoadmapElement.prototype, ATTRIBUTES);
