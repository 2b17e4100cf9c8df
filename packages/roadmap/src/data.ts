import { type Changelog, createPortalClient, type Issue, type Project, type Workspace } from '@hearken/core';
import { errorDetail, type HearkenErrorDetail } from '@hearken/ui';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

/** Everything the widget shows, for one workspace and language. */
export interface RoadmapData {
  workspaceId: string;
  workspace: Workspace;
  changelog: Changelog | null;
  projects: Project[];
  issues: Issue[];
}

/** A failed load as the widget explains it: an unpublished portal, the network, or anything else. */
export interface RoadmapError extends HearkenErrorDetail {
  kind: 'unpublished' | 'network' | 'other';
  /** How long the service asked us to wait (rate limits). */
  retryAfterMs?: number;
}

export type LoadState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: RoadmapError }
  /** `refreshing` while revalidating; `error` when the last refresh failed and this data is older. */
  | { status: 'ready'; data: RoadmapData; refreshing: boolean; error?: RoadmapError };

/** Maps a core client error to what the widget shows: the event detail, and which explanation fits. */
export function describeError(error: unknown): RoadmapError {
  const detail = errorDetail(error);
  const { name, retryAfterMs } = (error ?? {}) as { name?: unknown; retryAfterMs?: unknown };
  const kind =
    name === 'NotFoundError' || detail.status === 404
      ? 'unpublished'
      : name === 'NetworkError' || name === 'TimeoutError'
        ? 'network'
        : 'other';
  return typeof retryAfterMs === 'number' ? { ...detail, kind, retryAfterMs } : { ...detail, kind };
}

export interface DataSource {
  apiBase: string;
  workspace: string | null | undefined;
  language: string | null | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  /** Changing it reloads. */
  refreshToken?: number | undefined;
}

export interface DataEvents {
  onLoad(data: RoadmapData): void;
  onError(error: RoadmapError): void;
}

// Coming back to a tab after this long revalidates; with ETags that costs a 304.
const REVALIDATE_AFTER_MS = 60_000;

/**
 * Hook: loads workspace, projects and issues in parallel and keeps them fresh. The last good
 * data stays on screen while a reload (retry, language change, tab refocus, back online)
 * revalidates; a different workspace starts from the loading state.
 */
export function useRoadmapData(source: DataSource, events: DataEvents): [LoadState, () => void] {
  const { apiBase, workspace, language, fetch, refreshToken } = source;
  const client = useMemo(() => createPortalClient({ baseUrl: apiBase, fetch }), [apiBase, fetch]);
  const [state, setState] = useState<LoadState>(() => (workspace ? { status: 'loading' } : { status: 'idle' }));
  const [generation, setGeneration] = useState(0);
  const current = useRef(state);
  current.current = state;
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const loadedAt = useRef(0);
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    if (!workspace) {
      setState({ status: 'idle' });
      return;
    }
    const previous = current.current;
    const kept = previous.status === 'ready' && previous.data.workspaceId === workspace ? previous.data : null;
    if (kept) setState({ status: 'ready', data: kept, refreshing: true });
    // On the first load the state already says so: setting it again would re-render the widget.
    else if (previous.status !== 'loading') setState({ status: 'loading' });
    const abort = new AbortController();
    const read = { signal: abort.signal, language: language || undefined };
    Promise.all([
      client.getWorkspace(workspace, { signal: abort.signal }),
      client.listProjects(workspace, read),
      client.listIssues(workspace, read),
    ])
      .then(([{ workspace: info, latestChangelog }, projects, issues]) => {
        if (abort.signal.aborted) return;
        const data: RoadmapData = {
          workspaceId: workspace,
          workspace: info,
          changelog: latestChangelog,
          projects,
          issues,
        };
        loadedAt.current = Date.now();
        // Render in the next task, so it never adds to the task that parsed the data.
        setTimeout(() => {
          if (abort.signal.aborted) return;
          setState({ status: 'ready', data, refreshing: false });
          eventsRef.current.onLoad(data);
        }, 0);
      })
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        const error = describeError(reason);
        setState(kept ? { status: 'ready', data: kept, refreshing: false, error } : { status: 'error', error });
        eventsRef.current.onError(error);
      });
    return () => abort.abort();
  }, [client, workspace, language, generation, refreshToken]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - loadedAt.current > REVALIDATE_AFTER_MS) reload();
    };
    addEventListener('online', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      removeEventListener('online', reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return [state, reload];
}
