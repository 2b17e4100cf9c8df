import { normaliseWorkspaceResponse } from './normalise-workspace.ts';
import type { PortalClientOptions } from './portal-client.ts';
import { createPortalRead } from './portal-read.ts';
import * as s from './schema/index.ts';
import { type Workspace, workspaceSchema } from './schemas/workspace.ts';
import { type CallOptions, createUnpacedTransport } from './transport.ts';
import { parseResponse } from './validate.ts';

// The workspace read's answer with only its branding checked (the changelog is left unread), so a
// bundle that needs only the branding carries no changelog schema.
const brandingResponseSchema = s.object({ workspace: workspaceSchema });

/** The workspace's branding, for a widget that themes itself and shows no changelog. */
export interface BrandingClient {
  /**
   * `workspace` of `GET /api/v1/workspaces/{id}` (the same value as `getWorkspace(id)).workspace`
   * of the portal client), normalised and checked; the changelog in the answer is ignored.
   */
  getBranding(workspaceId: string, options?: CallOptions): Promise<Workspace>;
}

/**
 * A client for the workspace's branding alone: the portal client's workspace read (its ETag cache
 * included, so a client kept per page revalidates with a 304), unpaced like `createWorkspaceClient`.
 */
export function createBrandingClient(options: PortalClientOptions): BrandingClient {
  const read = createPortalRead(createUnpacedTransport(options), options);
  return {
    getBranding: async (workspaceId, callOptions) =>
      read(
        'workspaces',
        workspaceId,
        // Under `lenient` or `off` an answer of another shape comes back as received, maybe with no workspace.
        (body, validation, response) =>
          parseResponse(brandingResponseSchema, normaliseWorkspaceResponse(body), validation, response)?.workspace,
        callOptions,
      ),
  };
}
