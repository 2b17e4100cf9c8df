import { type Changelog, createPortalClient, type Issue, type Project, type Workspace } from '@hearken/core';
import type { HearkenErrorDetail } from '@hearken/ui';
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

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  requestId?: unknown;
  retryAfterMs?: unknown;
}

/** Maps a core client error (matched by `name`, never `instanceof`) to what the widget shows. */
export function describeError(error: unknown): RoadmapError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const detail: RoadmapError = { kind: 'other', code: 'unknown_error', message };
  if (typeof e.status === 'number') detail.status = e.status;
  if (typeof e.requestId === 'string') detail.requestId = e.requestId;
  if (typeof e.code === 'string') detail.code = e.code;
  if (typeof e.retryAfterMs === 'number') detail.retryAfterMs = e.retryAfterMs;
  if (e.name === 'NotFoundError' || e.status === 404) detail.kind = 'unpublished';
  else if (e.name === 'NetworkError' || e.name === 'TimeoutError') {
    detail.kind = 'network';
    detail.code = e.name === 'NetworkError' ? 'network_error' : 'timeout';
  } else if (e.name === 'ResponseShapeError') detail.code = 'invalid_response';
  return detail;
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
