import type { PortalClient, PortalClientOptions } from './portal-client.ts';
import { createPortalRead, getWorkspace } from './portal-read.ts';
import { createTransport } from './transport.ts';

/** The portal client cut down to `getWorkspace`. */
export type WorkspaceClient = Pick<PortalClient, 'getWorkspace'>;

/**
 * `createPortalClient` cut down to `getWorkspace` (branding and the latest changelog), for code
 * that needs nothing else, such as the feedback widget: the same code as the full client's
 * `getWorkspace`, ETag cache included, without the project and issue schemas.
 */
export function createWorkspaceClient(options: PortalClientOptions): WorkspaceClient {
  return { getWorkspace: getWorkspace(createPortalRead(createTransport(options), options)) };
}
