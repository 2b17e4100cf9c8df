import type { Issue, Project } from '../contract/schemas/portal.ts';
import type { WorkspaceResponse } from '../contract/schemas/workspace.ts';
import { parseListResponse, type ResponseValidationOptions } from '../contract/validate.ts';
import { portalListIssuesOperation, portalListProjectsOperation } from '../operations/portal.ts';
import type { Transport } from '../transport/http.ts';
import { normaliseProjects } from './normalise.ts';
import {
  createPortalConnection,
  createPortalRead,
  getWorkspace,
  type PortalClientOptions,
  type PortalConnection,
  type PortalReadOptions,
} from './portal-read.ts';

export type { PortalClientOptions, PortalReadOptions };

/** The public portal reads; no key involved. */
export interface PortalClient {
  /** Workspace branding and the latest changelog (null when there is none); `language` translates the changelog. */
  getWorkspace(workspaceId: string, options?: PortalReadOptions): Promise<WorkspaceResponse>;
  /** Projects of a published portal; `NotFoundError` when the portal is not published. */
  listProjects(workspaceId: string, options?: PortalReadOptions): Promise<Project[]>;
  /** The portal's issues, each with its upvotes (the threads linked to it). */
  listIssues(workspaceId: string, options?: PortalReadOptions): Promise<Issue[]>;
}

// A portal list can hold thousands of issues: it is checked in slices, between other work.

/** `GET /api/v1/projects/{workspaceId}` over `connection`: the portal client's `listProjects`. */
export function listProjects(
  connection: PortalConnection,
  workspaceId: string,
  options?: PortalReadOptions,
): Promise<Project[]> {
  return connection(
    portalListProjectsOperation,
    workspaceId,
    (body, checks, response) =>
      parseListResponse(portalListProjectsOperation.output, normaliseProjects(body), checks, response),
    options,
  );
}

/** `GET /api/v1/issues/{workspaceId}` over `connection`: the portal client's `listIssues`. */
export function listIssues(
  connection: PortalConnection,
  workspaceId: string,
  options?: PortalReadOptions,
): Promise<Issue[]> {
  return connection(
    portalListIssuesOperation,
    workspaceId,
    (body, checks, response) => parseListResponse(portalListIssuesOperation.output, body, checks, response),
    options,
  );
}

/**
 * Client for the public portal reads. Each URL's last answer is kept with its ETag: the next read
 * sends If-None-Match and a 304 returns the kept value.
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  return portalClient(createPortalConnection(options));
}

/** The portal reads over a given transport (also used by the v1 client's `.portal`). */
export function createPortalReads(send: Transport, validation: ResponseValidationOptions): PortalClient {
  return portalClient(createPortalRead(send, validation));
}

const portalClient = (connection: PortalConnection): PortalClient => ({
  getWorkspace: (workspaceId, options) => getWorkspace(connection, workspaceId, options),
  listProjects: (workspaceId, options) => listProjects(connection, workspaceId, options),
  listIssues: (workspaceId, options) => listIssues(connection, workspaceId, options),
});
