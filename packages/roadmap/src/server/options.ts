import type { Changelog, Issue, Project, Workspace } from '@hearken/core';
import type { RoadmapOptions } from '../options.ts';

/** Portal data a host already has: what the renderer would otherwise read. */
export interface RoadmapRenderData {
  workspace: Workspace;
  projects: Project[];
  issues: Issue[];
  /** The latest published changelog entry (the changelog view shows it). Default `null`. */
  changelog?: Changelog | null | undefined;
}

/** The element's options the renderer takes, written as its attributes (see `ROADMAP_OPTIONS`). */
export const ELEMENT_OPTIONS = [
  'workspace',
  'apiBase',
  'proxy',
  'view',
  'header',
  'tabs',
  'theme',
  'language',
  'nonce',
] as const;

/**
 * Options of {@link renderRoadmap}: the element's options it writes as attributes (`apiBase` is
 * required unless `data` is given; with `proxy` the upvote buttons show, and work once adopted;
 * `language` served as one of those the widget ships, `en`, `de`, `fr`, `es`, `ar`, with the region
 * of the tag given, see `supportedTag` of `@hearken/ui`), and how the page is served.
 */
export interface RenderRoadmapOptions extends Pick<RoadmapOptions, (typeof ELEMENT_OPTIONS)[number]> {
  /** The workspace id, as the `workspace` attribute. Required. */
  workspace: string;
  /** The data to render, when the host has it: then nothing is read. */
  data?: RoadmapRenderData | undefined;
  /** Fetch for the portal reads; default `globalThis.fetch`. */
  fetch?: ((request: Request, init?: RequestInit) => Promise<Response>) | undefined;
  /**
   * The page's CSP nonce: the styles are inlined in a `<style nonce>` (with the workspace's own
   * colours, which a static stylesheet cannot know), and it is the element's `nonce`.
   */
  nonce?: string | undefined;
  /**
   * URL of the roadmap stylesheet (`@hearken/roadmap/roadmap.css`, served with the embed files),
   * linked from the shadow root. One of `stylesheet` and `nonce` is required.
   */
  stylesheet?: string | undefined;
}

/** A render option is missing or invalid: `field` names it. */
export class RenderOptionsError extends Error {
  override readonly name = 'RenderOptionsError';
  constructor(
    readonly field: keyof RenderRoadmapOptions,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** Options of {@link createRoadmapRenderer}. */
export interface RoadmapRendererOptions {
  /**
   * How long read data is reused before the next render reads again (with the ETag, a 304 when
   * nothing changed). Default 60 seconds; 0 reads on every render.
   */
  revalidateSeconds?: number | undefined;
  /**
   * How many (service, workspace, language) reads are kept, least recently used dropped first,
   * so a host that passes a visitor's language cannot grow the renderer without bound. Default
   * {@link DEFAULT_RENDERER_CACHE_SIZE}.
   */
  cacheSize?: number | undefined;
}

export const DEFAULT_REVALIDATE_SECONDS = 60;

/** Reads a renderer keeps unless told otherwise: a few workspaces in a few dozen languages. */
export const DEFAULT_RENDERER_CACHE_SIZE = 100;
