import type { RoadmapData } from './model/load.ts';

/**
 * The data a server render (`@hearken/roadmap/server`) put in the element, in its
 * `<script type="application/json" data-hearken-data>`, when it is for `workspace`; else `null`.
 */
export function serverData(host: HTMLElement, workspace: string | null | undefined): RoadmapData | null {
  const script = host.querySelector(':scope > script[data-hearken-data]');
  if (!script?.textContent || !workspace) return null;
  try {
    // The renderer's own output: its workspace is the check that it belongs to this element.
    const data = JSON.parse(script.textContent) as RoadmapData | null;
    return data?.workspaceId === workspace ? data : null;
  } catch {
    return null;
  }
}

/**
 * Whether `root` holds the server's view: the browser attached the declarative shadow root.
 * One that does not (no declarative shadow DOM) leaves an inert `<template>` in the light DOM.
 */
export function hasServerView(root: ShadowRoot): boolean {
  const mount = root.querySelector('[data-hk-mount]');
  return mount?.parentNode === root && Boolean(mount.firstElementChild?.classList.contains('hk-root'));
}
