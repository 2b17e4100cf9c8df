import type { ThemeMode } from '@hearken/ui';
import type { OptionSignals } from '@hearken/ui/dom';
import type { RoadmapStrings } from './strings.ts';

/** The three views of the widget. */
export type RoadmapView = 'roadmap' | 'issues' | 'changelog';

export const VIEWS: readonly RoadmapView[] = ['roadmap', 'issues', 'changelog'];

/** Options of {@link mountRoadmap}, and the properties of `<hearken-roadmap>`. */
export interface RoadmapOptions {
  /** Workspace id whose public portal to show. Required. */
  workspace?: string | null | undefined;
  /** Service (or key proxy) origin for the public reads. Default: `proxy`, else the page's origin. */
  apiBase?: string | null | undefined;
  /** Which view to show. Default `roadmap`. */
  view?: RoadmapView | string | null | undefined;
  /** `auto`, `light` or `dark`. Default: the workspace's `darkMode` setting. */
  theme?: ThemeMode | string | null | undefined;
  /** Language of the content (sent to the API) and of the widget's strings. Default `en`. */
  language?: string | null | undefined;
  /** Key proxy origin; enables upvoting. Without it counts show read-only. */
  proxy?: string | null | undefined;
  /** Replacement strings, merged over the chosen language. */
  strings?: Partial<RoadmapStrings> | null | undefined;
  /** CSP nonce for the `<style>` fallback in browsers without constructable stylesheets. */
  nonce?: string | null | undefined;
  /** Fetch implementation (tests, custom transports). Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
}

/** Property → attribute of the element's reflected options. */
export const ATTRIBUTES = {
  workspace: 'workspace',
  apiBase: 'api-base',
  view: 'view',
  theme: 'theme',
  language: 'language',
  proxy: 'proxy',
} as const;

/** A known view, `roadmap` for anything else. */
export function parseView(value: string | null | undefined): RoadmapView {
  return VIEWS.includes(value as RoadmapView) ? (value as RoadmapView) : 'roadmap';
}

/**
 * What the eager element shares with the view, which loads later: the element's options as
 * signals (`@preact/signals-core`, which it can hold without Preact), and its loading skeleton.
 */
export interface RoadmapShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<RoadmapOptions>;
  /** A new loading skeleton, shown while data loads. */
  skeleton(): Element;
}
