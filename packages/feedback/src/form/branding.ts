import { createWorkspaceClient, type Workspace, type WorkspaceClient } from '@hearken/core';

// One client per base URL for the page: its ETag cache then serves every widget instance.
const clients = new Map<string, WorkspaceClient>();

/**
 * The workspace's branding, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise). Null when it cannot be read: the default palette then applies.
 */
export async function loadBranding(
  baseUrl: string,
  workspace: string,
  fetch: typeof globalThis.fetch | undefined,
  signal: AbortSignal,
): Promise<Workspace | null> {
  let client = clients.get(baseUrl);
  if (!client) {
    client = createWorkspaceClient({ baseUrl, ...(fetch ? { fetch } : {}) });
    clients.set(baseUrl, client);
  }
  try {
    return (await client.getWorkspace(workspace, { signal })).workspace;
  } catch {
    return null;
  }
}
