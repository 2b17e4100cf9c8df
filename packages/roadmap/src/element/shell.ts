import { ROADMAP_OPTIONS, type RoadmapOptions, type RoadmapShell } from '../options.ts';
import { createSkeleton } from './skeleton.ts';

/** A shell for `host` holding `options`, parsed. */
export function createShell(host: HTMLElement, options: RoadmapOptions): RoadmapShell {
  return { host, options: ROADMAP_OPTIONS.signals(options), skeleton: () => createSkeleton(host.ownerDocument) };
}
