/**
 * @hearken/roadmap: the public roadmap, issues and changelog of a Customer Feedback Service
 * workspace, as `<hearken-roadmap>` or `mountRoadmap()`. Nothing is registered on import; call
 * `define()`. This entry is the eager element only: the headless model, Preact, the views and the
 * API client load on demand when an element connects. The headless model is
 * `@hearken/roadmap/model`.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define } from './element/define.ts';
export { HearkenRoadmapElement } from './element/element.ts';
export { mountRoadmap, type RoadmapHandle } from './element/mount.ts';
export type { RoadmapEventMap } from './events.ts';
export type { HearkenRoadmapAttributes, HearkenRoadmapEventProps, HearkenRoadmapProps } from './jsx.ts';
export type { RoadmapOptions, RoadmapView } from './options.ts';
export type { RoadmapStrings } from './strings.ts';
