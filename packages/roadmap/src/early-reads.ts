/**
 * The portal reads the script-tag loader (`hearken.js`) starts for a `<hearken-roadmap>` already in
 * the page, as soon as it sees the tag: one round trip before the element's own code has arrived
 * and could start them. The element takes them over on connect (see {@link takeEarlyReads}) when
 * they are for its options; otherwise it reads as usual. Imports no code beyond the prefetch and
 * the server markup check (both leaves), so the loader stays small and waits for no chunk.
 */

import type { RoadmapSource } from './options.ts';
import { type Prefetch, portalUrls, prefetchPortal } from './prefetch.ts';
import { serverData } from './server-markup.ts';

/** Where an element holds the reads started for it, until it takes them. */
const EARLY_READS = Symbol.for('hearken.roadmap.early-reads');

type Holder = HTMLElement & { [EARLY_READS]?: Prefetch };

/**
 * The attributes of the options the reads depend on (a test holds them to `ROADMAP_OPTIONS`,
 * which this leaf does not import: it would bring the option table into the loader).
 */
export const SOURCE_ATTRIBUTES = { workspace: 'workspace', apiBase: 'api-base', proxy: 'proxy', language: 'language' };

/** The source of the reads as the element will see it: a property set before the upgrade wins over its attribute. */
function sourceOf(element: HTMLElement): RoadmapSource {
  const own = element as unknown as Partial<Record<keyof RoadmapSource, unknown>>;
  const value = (key: keyof typeof SOURCE_ATTRIBUTES) => {
    const set = own[key] ?? element.getAttribute(SOURCE_ATTRIBUTES[key]);
    return set ? String(set) : undefined;
  };
  return {
    workspace: value('workspace'),
    apiBase: value('apiBase'),
    proxy: value('proxy'),
    language: value('language'),
    fetch: typeof own.fetch === 'function' ? (own.fetch as typeof globalThis.fetch) : undefined,
  };
}

/**
 * Starts the three portal reads for `element` now and keeps them on it. Nothing for an element
 * given its own `fetch` (it may add credentials or headers), one a server rendered with its data,
 * or one without a workspace.
 */
export function startEarlyReads(element: HTMLElement): void {
  const holder = element as Holder;
  const source = sourceOf(element);
  if (holder[EARLY_READS] || source.fetch || serverData(element, source.workspace)) return;
  const reads = prefetchPortal(source);
  if (reads) holder[EARLY_READS] = reads;
}

/**
 * The reads started for `element` (once: they are removed from it), when they are the ones
 * `source` makes; `undefined` otherwise, and the element reads for itself.
 */
export function takeEarlyReads(element: HTMLElement, source: RoadmapSource): Prefetch | undefined {
  const holder = element as Holder;
  const reads = holder[EARLY_READS];
  delete holder[EARLY_READS];
  if (!reads || source.fetch) return undefined;
  const urls = portalUrls(source);
  return urls.length === reads.size && urls.every((url) => reads.has(url)) ? reads : undefined;
}
