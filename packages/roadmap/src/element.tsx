import { BASE_CSS, HearkenElement } from '@hearken/ui';
import { RoadmapApp } from './app.tsx';
import type { RoadmapEventMap } from './events.ts';
import { ATTRIBUTES, type RoadmapOptions } from './options.ts';
import type { RoadmapStrings } from './strings.ts';
import { ROADMAP_CSS } from './styles.ts';

type RoadmapListener<K extends keyof RoadmapEventMap> = (event: CustomEvent<RoadmapEventMap[K]>) => void;

/**
 * `<hearken-roadmap>`: a workspace's public roadmap, issues and changelog.
 *
 * Attributes (reflected as properties): `workspace`, `api-base` (`apiBase`), `view`, `theme`,
 * `language`, `proxy`, plus `nonce`. Properties only: `strings` (overrides) and `fetch`.
 * Events: `hearken:load`, `hearken:error`, `hearken:upvote` (see {@link RoadmapEventMap}).
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only adds typed overloads of inherited methods.
export class HearkenRoadmapElement extends HearkenElement {
  static override attributes = ATTRIBUTES;

  declare workspace: string | null;
  declare apiBase: string | null;
  declare view: string | null;
  declare theme: string | null;
  declare language: string | null;
  declare proxy: string | null;

  #strings: Partial<RoadmapStrings> | null = null;
  #fetch: typeof globalThis.fetch | undefined;

  /** Replacement strings, merged over the chosen language. */
  get strings(): Partial<RoadmapStrings> | null {
    return this.#strings;
  }
  set strings(value: Partial<RoadmapStrings> | null) {
    this.#strings = value;
    this.requestRender();
  }

  /** A fetch implementation for the widget's requests (default: the global one). */
  get fetch(): typeof globalThis.fetch | undefined {
    return this.#fetch;
  }
  set fetch(value: typeof globalThis.fetch | undefined) {
    this.#fetch = value;
    this.requestRender();
  }

  #refreshes = 0;

  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void {
    this.#refreshes++;
    this.requestRender();
  }

  #firstRender: 'due' | 'waiting' | 'done' = 'due';

  /**
   * Renders on the next microtask, as the base class does, except the very first render: that one
   * waits for a task of its own, so it does not lengthen the task that loaded the element's code
   * and upgraded it (on a page that loads the widget, already the longest one).
   */
  override requestRender(): void {
    if (this.#firstRender === 'done') super.requestRender();
    else if (this.#firstRender === 'due') {
      this.#firstRender = 'waiting';
      setTimeout(() => {
        this.#firstRender = 'done';
        super.requestRender();
      }, 0);
    }
  }

  protected styles(): readonly string[] {
    return [BASE_CSS, ROADMAP_CSS];
  }

  protected renderTree() {
    const options: RoadmapOptions = {
      workspace: this.workspace,
      apiBase: this.apiBase,
      view: this.view,
      theme: this.theme,
      language: this.language,
      proxy: this.proxy,
      strings: this.#strings,
      fetch: this.#fetch,
    };
    return (
      <RoadmapApp
        options={options}
        refreshToken={this.#refreshes}
        host={this}
        onViewChange={(view) => {
          this.view = view;
        }}
      />
    );
  }
}

// Typed listeners for the element's events, declared without runtime code.
export interface HearkenRoadmapElement {
  addEventListener<K extends keyof RoadmapEventMap>(
    type: K,
    listener: RoadmapListener<K>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof RoadmapEventMap>(
    type: K,
    listener: RoadmapListener<K>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}
