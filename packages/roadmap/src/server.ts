/**
 * @hearken/roadmap/server: the roadmap rendered to HTML on the host's server (Node, Deno, Bun,
 * Workers; no DOM), so its content is readable before any script arrives.
 */
export type { RenderRoadmapOptions, RoadmapRenderData, RoadmapRendererOptions } from './server/options.ts';
export { RenderOptionsError } from './server/options.ts';
export { createRoadmapRenderer, type RoadmapRenderer, renderRoadmap } from './server/render.tsx';
export { SERVER_CSS } from './server/stylesheet.ts';
