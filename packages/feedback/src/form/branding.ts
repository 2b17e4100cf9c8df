import { createPortalClient, type Workspace } from '@hearken/core';

/**
 * The workspace's branding, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise) with the portal client the roadmap uses too. Null when it cannot be
 * read: the default palette then applies. Repeated reads (several widgets, remounts) come from
 * the browser's HTTP cache, which the answer's max-age and ETag allow.
 */
export async function loadBranding(
  baseUrl: string,
  workspace: string,
  fetch: typeof globalThis.fetch | undefined,
  signal: AbortSignal,
): Promise<Workspace | null> {
  try {
    const client = createPortalClient({ baseUrl, ...(fetch ? { fetch } : {}) });
    return (await client.getWorkspace(workspace, { signal })).workspace ?? null;
  } catch {
    return null;
  }
}
