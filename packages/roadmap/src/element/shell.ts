import { adoptStyles, emit, lazyModule } from '@hearken/ui/dom';
import type { RoadmapEventMap } from '../events.ts';
import type { RoadmapOptions } from '../options.ts';
import { prefetchPortal } from '../prefetch.ts';
import { createSkeleton } from './skeleton.ts';
import { SHELL_CSS } from './skeleton-css.ts';

// The options the portal reads depend on.
const SOURCE = ['workspace', 'apiBase', 'proxy', 'language', 'fetch'] as const;

/** The widget's code (Preact, views, API client), loaded once per page; a failed load is retried next time. */
const loadWidget = lazyModule(() => import('../view/widget.tsx'));

/** Controls a roadmap started by {@link startShell}. */
export interface Shell {
  /** Replaces the options (applied when the widget's code is in, if it is not yet). */
  update(options: RoadmapOptions): void;
  refresh(): void;
  destroy(): void;
}

/**
 * Starts a roadmap in `host`'s shadow root: a sized skeleton and the portal reads at once, the
 * widget's code in parallel; the widget then takes over the skeleton and the responses. A reader
 * waits for the longer of code and data, not their sum.
 */
export function startShell(host: HTMLElement, options: RoadmapOptions, onViewChange: (view: string) => void): Shell {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  adoptStyles(root, SHELL_CSS, options.nonce ?? undefined);
  const skeleton = createSkeleton(root.ownerDocument);
  root.append(skeleton);
  let current = options;
  let destroyed = false;
  let queued = false;
  let widget: ReturnType<typeof import('../view/widget.tsx').mountWidget> | undefined;
  // A microtask later, so properties a framework sets right after inserting the element (a Preact
  // or React ref setting `fetch`) are in before the reads start.
  queueMicrotask(() => {
    if (destroyed) return;
    const read = current;
    const prefetch = prefetchPortal(read);
    loadWidget().then(
      ({ mountWidget }) => {
        if (destroyed) return;
        // Reads started for other options than the widget now has would show the wrong data.
        const same = SOURCE.every((key) => current[key] === read[key]);
        widget = mountWidget(host, current, same ? prefetch : undefined, onViewChange);
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
    // Several changes in one task are applied once.
    update(next) {
      current = next;
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        widget?.update(current);
      });
    },
    refresh() {
      widget?.refresh();
    },
    destroy() {
      destroyed = true;
      widget?.destroy();
      skeleton.remove();
    },
  };
}
