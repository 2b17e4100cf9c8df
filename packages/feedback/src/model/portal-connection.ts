import { createPortalConnection, type PortalConnection } from '@hearken/core';

// Per fetch function and base URL, one connection (with its ETag cache) for the life of the page:
// the branding, the issue list and the changelog reads of every form on it share them.
const connections = new Map<typeof globalThis.fetch | undefined, Map<string, PortalConnection>>();

/** The page's connection to the public reads at `base` through `fetch`, made on first use. */
export function portalConnection(base: string, fetch: typeof globalThis.fetch | undefined): PortalConnection {
  const baseUrl = base.replace(/\/+$/, '');
  let byBase = connections.get(fetch);
  if (!byBase) {
    byBase = new Map();
    connections.set(fetch, byBase);
  }
  let connection = byBase.get(baseUrl);
  if (!connection) {
    connection = createPortalConnection({ baseUrl, ...(fetch ? { fetch } : {}) });
    byBase.set(baseUrl, connection);
  }
  return connection;
}
