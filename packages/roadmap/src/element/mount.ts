import { anchoredEntry } from '@hearken/core/changelog-anchor';
import { changelogSeenKey } from '@hearken/core/storage-keys';
import { answerChangelogShown } from '@hearken/ui/changelog-shown';
import { adoptStyles, emit, lazyModule } from '@hearken/ui/dom';
import { takeEarlyReads } from '../early-reads.ts';
import type { RoadmapEventMap } from '../events.ts';
import { ROADMAP_OPTIONS, type RoadmapOptions, SOURCE } from '../options.ts';
import { prefetchPortal } from '../prefetch.ts';
import { hasServerView, serverData } from '../server-markup.ts';
import { loadChangelogView } from '../view/changelog-chunk.ts';
import { createSkeleton } from './skeleton.ts';
import { SKELETON_CSS } from './skeleton-css.ts';

/** The view (Preact, the views, the model and the API client), loaded once per page; a failed load is retried next time. */
const loadView = lazyModule(() => import('../view/mount-view.tsx'));

/** Controls one mounted roadmap. */
export interface RoadmapHandle {
  /** Changes the options it names (`undefined` restores a default); the rest stay as they were. */
  update(options: Partial<RoadmapOptions>): void;
  /** Reloads the data now; what is on screen stays there until the fresh data arrives. */
  refresh(): void;
  /** Removes the widget (the shadow root stays, empty). */
  destroy(): void;
}

/**
 * Renders the roadmap into `element`'s shadow root without a custom element, for apps that
 * manage their own DOM. `element` must be able to host a shadow root (`div`, `section`, ...).
 * Events are dispatched on `element`. Like the element, it draws a sized skeleton and starts the
 * portal reads at once, and loads the view in parallel; the view then takes over the skeleton and
 * the responses, so a reader waits for the longer of code and data, not their sum. Over markup a
 * server rendered (see `@hearken/roadmap/server`) it reads nothing it was given and draws no
 * skeleton: the view adopts that markup, keeping its nodes.
 */
export function mountRoadmap(element: HTMLElement, options: RoadmapOptions): RoadmapHandle {
  return startRoadmap(element, options, () => {});
}

/** {@link mountRoadmap}, telling `onViewChange` when the reader switches views (the element reflects it). */
export function startRoadmap(
  host: HTMLElement,
  options: RoadmapOptions,
  onViewChange: (view: string) => void,
): RoadmapHandle {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // A server's data is used either way; its markup only where the browser attached it.
  const served = serverData(host, options.workspace);
  const hydrate = served !== null && hasServerView(root);
  const skeleton = createSkeleton(root.ownerDocument);
  if (!hydrate) {
    root.replaceChildren();
    adoptStyles(root, SKELETON_CSS, options.nonce ?? undefined);
    root.append(skeleton);
  }
  let view: import('../view/mount-view.tsx').RoadmapView | undefined;
  // The options, parsed, as a plain object until the view is in, which holds them as signals from
  // then on: so `@preact/signals-core` loads with the view, not before the first paint.
  let current = ROADMAP_OPTIONS.parse(options);
  const now = () => view?.read() ?? current;
  // A launcher on the same page counts as new what this widget can show; on a page without it,
  // a first visit only sets where new begins.
  const stopAnswering = answerChangelogShown(
    () => changelogSeenKey(now().workspace ?? ''),
    () => now().tabs || now().view === 'changelog',
  );
  let destroyed = false;
  let pending: Partial<RoadmapOptions> | null = null;
  const flush = () => {
    if (!pending) return;
    const changes = pending;
    pending = null;
    if (view) view.update(changes);
    else current = { ...current, ...ROADMAP_OPTIONS.parse(changes, Object.keys(changes)) };
  };
  // A microtask later, so properties a framework sets right after inserting the element (a Preact
  // or React ref setting `fetch`) are in before the reads start.
  queueMicrotask(() => {
    if (destroyed) return;
    flush();
    const read = current;
    // Reads the script-tag loader started on seeing the tag, else this element's own.
    const early = takeEarlyReads(host, read);
    const prefetch = served ? undefined : (early ?? prefetchPortal(read));
    // The changelog is the first view (or a link names one of its entries): its code comes beside the view's.
    if (read.view === 'changelog' || anchoredEntry(globalThis.location?.hash)) void loadChangelogView().catch(() => {});
    loadView().then(
      ({ mountView }) => {
        if (destroyed) return;
        flush();
        // Reads started for other options than the view now has would show the wrong data.
        const same = SOURCE.every((key) => current[key] === read[key]);
        view = mountView(
          { host, options: current, skeleton: () => createSkeleton(root.ownerDocument) },
          same ? prefetch : undefined,
          onViewChange,
          served && same ? { data: served, hydrate } : undefined,
        );
      },
      (error: unknown) => {
        if (destroyed) return;
        emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', {
          code: 'network_error',
          message: `The roadmap's code could not be loaded: ${error}`,
          source: 'load',
        });
      },
    );
  });
  return {
    // Several changes in one task are applied at once.
    update(patch) {
      if (pending === null) queueMicrotask(flush);
      pending = { ...pending, ...patch };
    },
    refresh() {
      view?.refresh();
    },
    destroy() {
      destroyed = true;
      stopAnswering();
      view?.destroy();
      skeleton.remove();
    },
  };
}
