/**
 * @hearken/roadmap/element: the element and `mountRoadmap` without the headless model, for script
 * loaders that import the package dynamically (a bundler keeps every export of a dynamically
 * imported module, and the model would bring the API client into the eager shell).
 */
import './jsx.ts';

export { define } from './define.ts';
export { HearkenRoadmapElement } from './element.ts';
export { mountRoadmap, type RoadmapHandle } from './mount.ts';
