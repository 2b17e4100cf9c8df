import type { PortalClient, Workspace } from '@hearken/core';
import { batch, computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import type { RoadmapSource } from '../options.ts';
import { describeError, type LoadState, loadPortal, type RoadmapData, type RoadmapError } from './load.ts';

/** The portal's data (workspace, projects, issues) and where its reads stand. */
export interface PortalLoad {
  /** Where the data stands: `idle` (no workspace), `loading`, `error` or `ready`. */
  readonly state: ReadonlySignal<LoadState>;
  /** The data shown now (kept while a refresh runs), or `null`. */
  readonly data: ReadonlySignal<RoadmapData | null>;
  /** The workspace's colours and dark-mode choice (its public record), or `null` before data. */
  readonly branding: ReadonlySignal<Workspace | null>;
  /** When the last load arrived (`Date.now()` clock), 0 before. */
  readonly loadedAt: number;
  /** Reloads; the data shown stays until the fresh data arrives. */
  refresh(): void;
}

export interface PortalLoadOptions {
  source: ReadonlySignal<RoadmapSource>;
  client: ReadonlySignal<PortalClient>;
  /** The data the page already has: used when it is the source's workspace's, and nothing is read first. */
  initialData?: RoadmapData | undefined;
  /** The clock `arrived` is told of. */
  now(): number;
  /** Fresh data is being shown (in the same batch) from a read started at `startedAt`. */
  arrived?(startedAt: number): void;
  onLoad?: ((data: RoadmapData) => void) | undefined;
  onError?: ((error: RoadmapError) => void) | undefined;
}

/** A {@link PortalLoad} as the model holds it. */
export interface PortalLoadPart extends PortalLoad {
  /** Counts the refreshes, for the parts that reread with them. */
  readonly reloads: ReadonlySignal<number>;
  dispose(): void;
}

/**
 * Reads workspace, projects and issues in parallel whenever the source or the client changes, or
 * on `refresh()`. A refresh (or a language change) keeps the last good data while it revalidates;
 * a different workspace starts from `loading`.
 */
export function createPortalLoad(options: PortalLoadOptions): PortalLoadPart {
  const { source, client, now } = options;
  const reloads = signal(0);
  const given = options.initialData?.workspaceId === source.peek().workspace ? options.initialData : undefined;
  const state = signal<LoadState>(
    given
      ? { status: 'ready', data: given, refreshing: false }
      : { status: source.peek().workspace ? 'loading' : 'idle' },
  );
  let loadedAt = given ? Date.now() : 0;
  // The first load is skipped when the data was given.
  let skipLoad = Boolean(given);

  const read = (id: string, language: string | undefined, reads: PortalClient) => {
    const previous = state.value;
    const kept = previous.status === 'ready' && previous.data.workspaceId === id ? previous.data : null;
    if (kept) state.value = { status: 'ready', data: kept, refreshing: true };
    else if (previous.status !== 'loading') state.value = { status: 'loading' };
    const abort = new AbortController();
    const startedAt = now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    loadPortal(reads, id, language, abort.signal).then(
      (fresh) => {
        if (abort.signal.aborted) return;
        loadedAt = Date.now();
        // Applied in the next task, so a UI's render never adds to the task that parsed the data.
        timer = setTimeout(() => {
          batch(() => {
            state.value = { status: 'ready', data: fresh, refreshing: false };
            options.arrived?.(startedAt);
          });
          options.onLoad?.(fresh);
        }, 0);
      },
      (reason: unknown) => {
        if (abort.signal.aborted) return;
        const error = describeError(reason);
        state.value = kept ? { status: 'ready', data: kept, refreshing: false, error } : { status: 'error', error };
        options.onError?.(error);
      },
    );
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  };

  const stop = effect(() => {
    const { workspace: id, language } = source.value;
    const reads = client.value;
    reloads.value;
    if (skipLoad) {
      skipLoad = false;
      return undefined;
    }
    return untracked(() => {
      if (id) return read(id, language, reads);
      state.value = { status: 'idle' };
      return undefined;
    });
  });
  // As after a read, a task later: the host hears of the data it gave like of data read.
  const announce = given && options.onLoad ? setTimeout(() => options.onLoad?.(given), 0) : undefined;

  const data = computed(() => {
    const current = state.value;
    return current.status === 'ready' ? current.data : null;
  });
  return {
    state,
    data,
    branding: computed(() => data.value?.workspace ?? null),
    get loadedAt() {
      return loadedAt;
    },
    refresh() {
      reloads.value++;
    },
    reloads,
    dispose() {
      clearTimeout(announce);
      stop();
    },
  };
}
