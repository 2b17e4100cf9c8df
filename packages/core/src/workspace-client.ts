import type { PortalClient, PortalClientOptions } from './clients/portal.ts';
import { createPortalRead, getWorkspace } from './clients/portal-read.ts';
import { createUnpacedTransport } from './transport/http.ts';

/** The portal client cut down to `getWorkspace`. */
export type WorkspaceClient = Pick<PortalClient, 'getWorkspace'>;

/**
 * `createPortalClient` cut down to `getWorkspace` (branding and the latest changelog), for code
 * that reads it now and then: the same code as the full client's `getWorkspace`, ETag cache
 * included, without the project and issue schemas and without pacing on the rate-limit headers
 * (a 429 still waits its Retry-After before a retry).
 */
export function createWorkspaceClient(options: PortalClientOptions): WorkspaceClient {
  return { getWorkspace: getWorkspace(createPortalRead(createUnpacedTransport(options), options)) };
}
