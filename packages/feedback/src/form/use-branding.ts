import { createWorkspaceClient, type Workspace, type WorkspaceClient } from '@hearken/core';
import { useEffect, useState } from 'preact/hooks';

// One client per base URL for the page: its ETag cache then serves every widget instance.
const clients = new Map<string, WorkspaceClient>();

/**
 * The workspace's branding, read from the public workspace endpoint (through the proxy unless
 * `apiBase` says otherwise). Until it arrives, or if it cannot be read, the default palette applies.
 */
export function useBranding(
  baseUrl: string,
  workspace: string | undefined,
  fetch: typeof globalThis.fetch | undefined,
) {
  const [branding, setBranding] = useState<Workspace | null>(null);
  useEffect(() => {
    if (!workspace || !baseUrl) return;
    let client = clients.get(baseUrl);
    if (!client) {
      client = createWorkspaceClient({ baseUrl, ...(fetch ? { fetch } : {}) });
      clients.set(baseUrl, client);
    }
    const controller = new AbortController();
    client.getWorkspace(workspace, { signal: controller.signal }).then(
      (result) => setBranding(result.workspace),
      () => setBranding(null),
    );
    return () => controller.abort();
  }, [baseUrl, workspace, fetch]);
  return branding;
}
