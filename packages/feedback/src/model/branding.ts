import { getWorkspace, type WorkspaceResponse } from '@hearken/core';
import { portalConnection } from './portal-connection.ts';

/**
 * The workspace's branding and latest changelog entry, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise) with core's `getWorkspace`, the portal client's own read, so the
 * projects' and issues' schemas stay out of the form. Null when it cannot be read: the default
 * palette then applies. Repeated reads (several widgets, remounts) go over the page's one
 * connection to `baseUrl`, which revalidates with the last answer's ETag.
 */
export async function loadBranding(
  baseUrl: string,
  workspace: string,
  fetch: typeof globalThis.fetch | undefined,
  signal: AbortSignal,
): Promise<WorkspaceResponse | null> {
  try {
    return await getWorkspace(portalConnection(baseUrl, fetch), workspace, { signal });
  } catch {
    return null;
  }
}
