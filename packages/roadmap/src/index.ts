/**
 * @hearken/roadmap: the public roadmap, issues and changelog of a Customer Feedback Service
 * workspace, as `<hearken-roadmap>`, `mountRoadmap()`, or the headless `createRoadmapModel()`.
 * Nothing is registered on import; call `define()`. The element and `mountRoadmap` load only a
 * small shell at first; Preact, the views and the API client follow in a lazy chunk.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define } from './define.ts';
export { HearkenRoadmapElement } from './element.ts';
export type { RoadmapEventMap } from './events.ts';
export type { HearkenRoadmapAttributes, HearkenRoadmapEventProps, HearkenRoadmapProps } from './jsx.ts';
export {
  createRoadmapModel,
  type Group,
  type LoadState,
  type RoadmapData,
  type RoadmapError,
  type RoadmapModel,
  type RoadmapModelOptions,
  type RoadmapSource,
  type UpvoteTarget,
  type VoteState,
} from './model.ts';
export { mountRoadmap, type RoadmapHandle } from './mount.ts';
export type { RoadmapOptions, RoadmapView } from './options.ts';
export type { Prefetch } from './prefetch.ts';
export type { KeyValueStorage } from './storage.ts';
export { en as englishStrings, type RoadmapStrings } from './strings.ts';
