import { createPortalConnection, getWorkspace, type WorkspaceResponse } from '@hearken/core';

/**
 * The workspace's branding and latest changelog entry, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise) with core's `getWorkspace`, the portal client's own read, so the
 * projects' and issues' schemas stay out of the form. Null when it cannot be read: the default
 * palette then applies. Repeated reads (several widgets, remounts) come from the browser's HTTP
 * cache, which the answer's max-age and ETag allow.
 */
export async function loadBranding(
  baseUrl: string,
  workspace: string,
  fetch: typeof globalThis.fetch | undefined,
  signal: AbortSignal,
): Promise<WorkspaceResponse | null> {
  try {
    const connection = createPortalConnection({ baseUrl, ...(fetch ? { fetch } : {}) });
    return await getWorkspace(connection, workspace, { signal });
  } catch {
    return null;
  }
}
