import type { ThemeMode } from '@hearken/ui';
import {
  defineOptions,
  flag,
  native,
  type OptionSignals,
  type OptionsInput,
  type OptionsOf,
  oneOf,
  property,
  text,
} from '@hearken/ui/dom';
import type { RoadmapStrings } from './locales/en.ts';

/** The three views of the widget, in the order the tabs show them. */
export const VIEWS = ['roadmap', 'issues', 'changelog'] as const;

/** One of the widget's {@link VIEWS}. */
export type RoadmapView = (typeof VIEWS)[number];

/**
 * Every option of `<hearken-roadmap>` and {@link mountRoadmap}, declared once: the element's
 * attributes and properties, the shell's signals, the model's source, the server renderer's
 * element options and the JSX typings are derived from it (the README's table is held to it by
 * a test).
 */
export const ROADMAP_OPTIONS = defineOptions({
  /** Workspace id whose public portal to show. Required (without it the widget says so). */
  workspace: text(),
  /** Service (or key proxy) origin for the public reads. Default: `proxy`, else the page's origin. */
  apiBase: text(),
  /** `roadmap` (default), `issues` or `changelog`. Reflects the reader's tab choice. */
  view: oneOf(VIEWS, 'roadmap'),
  /**
   * `off` leaves out the workspace's logo and name above the view, for a page that heads the
   * widget itself (several widgets stacked, each showing one view). Default `on`.
   */
  header: flag(true),
  /**
   * `off` leaves out the tabs: the widget shows `view` alone and stays on it (a changelog link in
   * the address does not switch it). Default `on`.
   */
  tabs: flag(true),
  /** `auto` (follows `prefers-color-scheme` live), `light` or `dark`. Default: the workspace's `darkMode`. */
  theme: oneOf<ThemeMode>(['auto', 'light', 'dark']),
  /** Language of the content (sent to the API) and of the widget's strings. Default `en`. */
  language: text(),
  /** Key proxy origin; enables upvoting. Without it counts show read-only. */
  proxy: text(),
  /** CSP nonce for the `<style>` fallback in browsers without constructable stylesheets. */
  nonce: native(),
  /** Replacement strings, merged over the chosen language (property only). */
  strings: property<Partial<RoadmapStrings>>(),
  /** Fetch implementation for the widget's requests (property only). Default `globalThis.fetch`. */
  fetch: property<typeof globalThis.fetch>(),
});

type Fields = typeof ROADMAP_OPTIONS.fields;

/** Options of {@link mountRoadmap}, and the properties of `<hearken-roadmap>`. */
export type RoadmapOptions = OptionsInput<Fields>;
/** The options parsed, defaults applied: what the shell's signals hold and the model reads. */
export type ResolvedRoadmapOptions = OptionsOf<Fields>;

/** The options the portal reads depend on. */
export const SOURCE = ['workspace', 'apiBase', 'proxy', 'language', 'fetch'] as const;

/**
 * What the portal reads depend on, among the options. Changing any of them through the model's
 * `update()` reloads.
 */
export type RoadmapSource = Pick<RoadmapOptions, (typeof SOURCE)[number]>;

/**
 * What the eager element hands the view when it loads: the host, the element's options parsed (a
 * plain object: the eager part holds no signals, so `@preact/signals-core` loads with the view) and
 * its loading skeleton.
 */
export interface RoadmapStart {
  readonly host: HTMLElement;
  readonly options: ResolvedRoadmapOptions;
  /** A new loading skeleton, shown while data loads. */
  skeleton(): Element;
}

/** What the view holds from then on: the same, with the options as signals. */
export interface RoadmapShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<ResolvedRoadmapOptions>;
  /** A new loading skeleton, shown while data loads. */
  skeleton(): Element;
}
