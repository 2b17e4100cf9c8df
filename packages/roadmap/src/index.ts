/**
 * @hearken/roadmap: the public roadmap, issues and changelog of a Customer Feedback Service
 * workspace, as `<hearken-roadmap>` or `mountRoadmap()`. Nothing is registered on import; call
 * `define()`.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define } from './define.ts';
export { HearkenRoadmapElement } from './element.tsx';
export type { RoadmapEventMap } from './events.ts';
export type { HearkenRoadmapAttributes, HearkenRoadmapEventProps, HearkenRoadmapProps } from './jsx.ts';
export { mountRoadmap, type RoadmapHandle } from './mount.tsx';
export type { RoadmapOptions, RoadmapView } from './options.ts';
export { en as englishStrings, type RoadmapStrings } from './strings.ts';
