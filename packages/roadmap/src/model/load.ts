import type { Changelog, Issue, PortalClient, Project, Workspace } from '@hearken/core';
import type { HearkenErrorDetail } from '@hearken/ui/dom';
import { errorDetail } from '@hearken/ui/model';

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

/** Where a model's data stands. */
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

/** Reads workspace, projects and issues in parallel; `signal`, where given, abandons them. */
export async function loadPortal(
  client: PortalClient,
  workspace: string,
  language: string | undefined,
  signal?: AbortSignal,
): Promise<RoadmapData> {
  const read = { signal, language };
  const [{ workspace: info, latestChangelog }, projects, issues] = await Promise.all([
    client.getWorkspace(workspace, { signal }),
    client.listProjects(workspace, read),
    client.listIssues(workspace, read),
  ]);
  return { workspaceId: workspace, workspace: info, changelog: latestChangelog, projects, issues };
}
