import { optionSignals } from '@hearken/ui/dom';
import type { RoadmapOptions, RoadmapShell } from '../options.ts';
import { createSkeleton } from './skeleton.ts';

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
  return { host, options: optionSignals(OPTION_NAMES, options), skeleton: () => createSkeleton(host.ownerDocument) };
}
