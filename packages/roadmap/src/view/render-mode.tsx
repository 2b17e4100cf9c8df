import type { Project } from '@hearken/core';
import { type ComponentChildren, createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * What a server render gives the views, where the browser would set inline styles (a strict CSP
 * blocks style attributes in markup): classes its stylesheet or nonce'd style defines.
 */
export interface ServerMarkup {
  /** `data-scheme` of the root: `auto` follows the reader through a media query. */
  scheme: string;
  /** The class carrying a project's colour, when a style for it is emitted. */
  colorClass(project: Project): string | undefined;
  /** Changelog notes as sanitised HTML. */
  notesHtml(notes: unknown): string;
}

/** Set by the server renderer only (render.tsx). */
export const ServerRender = createContext<ServerMarkup | null>(null);

/**
 * Whether the tree now rendering is complete from the start: the server's, and the browser's
 * first render over it (a hydration, which must find every row the server wrote, or removes it).
 * A mutable box: the element clears it once hydration returns, so later rows come a few at a time.
 */
export const Prerendered = createContext<{ current: boolean }>({ current: false });

/** The themed root as the server writes it: the palette comes from the stylesheet, by `data-scheme`. */
export function ServerScope({
  class: className,
  lang,
  dir,
  children,
}: {
  class: string;
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
  children?: ComponentChildren;
}) {
  const server = useContext(ServerRender);
  return (
    <div class={`hk-root ${className}`} data-scheme={server?.scheme} lang={lang} dir={dir}>
      {children}
    </div>
  );
}
