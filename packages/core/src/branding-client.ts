import * as z from 'zod/mini';
import { normaliseWorkspaceResponse } from './clients/normalise-workspace.ts';
import type { PortalClientOptions } from './clients/portal.ts';
import { portalPath } from './clients/portal-read.ts';
import { type Workspace, workspaceSchema } from './contract/schemas/workspace.ts';
import { parseResponse } from './contract/validate.ts';
import { type CallOptions, createUnpacedTransport } from './transport/http.ts';

// The workspace read's answer with only its branding checked (the changelog is left unread), so a
// bundle that needs only the branding carries no changelog schema.
const brandingResponseSchema = z.object({ workspace: workspaceSchema });

/** The workspace's branding, for a widget that themes itself and shows no changelog. */
export interface BrandingClient {
  /**
   * `workspace` of `GET /api/v1/workspaces/{id}` (the same value as `getWorkspace(id)).workspace`
   * of the portal client), normalised and checked; the changelog in the answer is ignored.
   * Undefined only when validation is `lenient` or `off` and the answer holds no workspace.
   */
  getBranding(workspaceId: string, options?: CallOptions): Promise<Workspace | undefined>;
}

/**
 * A client for the workspace's branding alone, unpaced like `createWorkspaceClient`. It keeps no
 * ETag cache of its own: the service and the key proxy send `Cache-Control: public, max-age=60`
 * and an ETag, so in a browser the HTTP cache already answers repeated reads and revalidates
 * stale ones (a page-set If-None-Match would instead send every read to the network).
 */
export function createBrandingClient(options: PortalClientOptions): BrandingClient {
  const send = createUnpacedTransport(options);
  return {
    getBranding: async (workspaceId, callOptions) => {
      const response = await send({ method: 'GET', path: portalPath('workspaces', workspaceId) }, callOptions);
      // Under `lenient` or `off` an answer of another shape comes back as received, maybe with no workspace.
      return parseResponse(brandingResponseSchema, normaliseWorkspaceResponse(response.body), options, response)
        ?.workspace;
    },
  };
}
