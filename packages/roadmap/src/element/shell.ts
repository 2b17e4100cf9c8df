import { type OptionSignals, optionSignals } from '@hearken/ui/dom';
import type { RoadmapOptions } from '../options.ts';

/**
 * What the eager element shares with the view, which loads later: the element's options as
 * signals (`@preact/signals-core`, which it can hold without Preact).
 */
export interface RoadmapShell {
  readonly host: HTMLElement;
  readonly options: OptionSignals<RoadmapOptions>;
}

// Every option by name; the Record type makes the compiler insist on a complete list.
const OPTION_NAMES: Record<keyof RoadmapOptions, 0> = {
  workspace: 0,
  apiBase: 0,
  view: 0,
  theme: 0,
  language: 0,
  proxy: 0,
  strings: 0,
  nonce: 0,
  fetch: 0,
};

/** A shell for `host` holding `options`. */
export function createShell(host: HTMLElement, options: RoadmapOptions): RoadmapShell {
  return { host, options: optionSignals(OPTION_NAMES, options) };
}
