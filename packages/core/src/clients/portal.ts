import { type Issue, issueListSchema, type Project, projectListSchema } from '../contract/schemas/portal.ts';
import type { WorkspaceResponse } from '../contract/schemas/workspace-response.ts';
import { parseListResponse, type ResponseValidationOptions } from '../contract/validate.ts';
import { createTransport, type Transport } from '../transport/http.ts';
import type { TransportOptions } from '../transport/options.ts';
import { normaliseProjects } from './normalise.ts';
import { createPortalRead, getWorkspace, type PortalReadOptions } from './portal-read.ts';

export type { PortalReadOptions };

export interface PortalClientOptions extends Omit<TransportOptions, 'headers'>, ResponseValidationOptions {}

/** The public portal reads; no key involved. */
export interface PortalClient {
  /** Workspace branding and the latest changelog (null when there is none); `language` translates the changelog. */
  getWorkspace(workspaceId: string, options?: PortalReadOptions): Promise<WorkspaceResponse>;
  /** Projects of a published portal; `NotFoundError` when the portal is not published. */
  listProjects(workspaceId: string, options?: PortalReadOptions): Promise<Project[]>;
  /** The portal's issues, each with its upvotes (the threads linked to it). */
  listIssues(workspaceId: string, options?: PortalReadOptions): Promise<Issue[]>;
}

/**
 * Client for the public portal reads. Each URL's last answer is kept with its ETag: the next read
 * sends If-None-Match and a 304 returns the kept value.
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  return createPortalReads(createTransport(options), options);
}

/** The portal reads over a given transport (also used by the v1 client's `.portal`). */
export function createPortalReads(send: Transport, validation: ResponseValidationOptions): PortalClient {
  const read = createPortalRead(send, validation);
  return {
    getWorkspace: getWorkspace(read),
    // A portal list can hold thousands of issues: it is checked in slices, between other work.
    listProjects: (workspaceId, options) =>
      read(
        'projects',
        workspaceId,
        (body, checks, response) => parseListResponse(projectListSchema, normaliseProjects(body), checks, response),
        options,
      ),
    listIssues: (workspaceId, options) =>
      read(
        'issues',
        workspaceId,
        (body, checks, response) => parseListResponse(issueListSchema, body, checks, response),
        options,
      ),
  };
}
