import type * as z from 'zod/mini';
import type { AnySchema } from '../contract/parse.ts';
import {
  type ChangelogPage,
  type PublishedChangelogsParams,
  publishedChangelogsParamsSchema,
} from '../contract/schemas/changelogs.ts';
import type { Issue, Project } from '../contract/schemas/portal.ts';
import type { WorkspaceResponse } from '../contract/schemas/workspace.ts';
import {
  parseListResponse,
  parseResponse,
  type ResponseValidationOptions,
  validateInput,
} from '../contract/validate.ts';
import { proxyListPublishedChangelogsOperation } from '../operations/changelogs.ts';
import type { OperationOutput } from '../operations/operation.ts';
import {
  portalGetWorkspaceOperation,
  portalListIssuesOperation,
  portalListProjectsOperation,
} from '../operations/portal.ts';
import { checkClientOptions } from '../transport/check-options.ts';
import { createTransport, type Transport } from '../transport/http.ts';
import type { CallOptions, TransportOptions } from '../transport/options.ts';
import { type OperationInput, operationRequest } from './call.ts';
import { normaliseProjects, normaliseWorkspaceResponse } from './normalise.ts';

export interface PortalReadOptions extends CallOptions {
  /** Language of names and descriptions; the original text where no translation exists. */
  language?: string | undefined;
}

export interface PortalClientOptions extends Omit<TransportOptions, 'headers'>, ResponseValidationOptions {}

type PortalOperation =
  | typeof portalGetWorkspaceOperation
  | typeof portalListProjectsOperation
  | typeof portalListIssuesOperation
  | typeof proxyListPublishedChangelogsOperation;

/**
 * One connection to the public reads: base URL, retries, pacing, response validation and the ETag
 * cache, shared by every read made over it. The portal client holds one; the portal read
 * functions ({@link getWorkspace}, {@link listProjects}, {@link listIssues},
 * {@link listPublishedChangelogs}) take one as their first argument.
 */
export type PortalConnection = <O extends PortalOperation>(
  operation: O,
  input: Pick<OperationInput, 'params' | 'query'>,
  options?: CallOptions,
  normalise?: (body: unknown) => unknown,
) => Promise<OperationOutput<O>>;

/**
 * The public reads over `send`. Each URL's last answer is kept with its ETag: the next read sends
 * If-None-Match and a 304 returns the kept value. A list is checked in slices, between other
 * work, since a portal can hold thousands of issues.
 */
function portalConnection(send: Transport, validation: ResponseValidationOptions): PortalConnection {
  const cache = new Map<string, { etag: string; value: unknown }>();
  return async (operation, input, call, normalise) => {
    const request = operationRequest(operation, input);
    const key = `${request.path}?${JSON.stringify(request.query ?? {})}`;
    const cached = cache.get(key);
    const response = await send({ ...request, headers: cached ? { 'if-none-match': cached.etag } : undefined }, call);
    type Output = OperationOutput<typeof operation>;
    if (response.status === 304 && cached) return cached.value as Output;
    const body = normalise ? normalise(response.body) : response.body;
    const { output } = operation;
    const value = (
      output._zod.def.type === 'array'
        ? await parseListResponse(output as z.ZodMiniArray<AnySchema>, body, validation, response)
        : parseResponse(output, body, validation, response)
    ) as Output;
    const etag = response.headers.get('etag');
    if (etag) cache.set(key, { etag, value });
    return value;
  };
}

/** Opens a portal connection; no key involved. */
export function createPortalConnection(options: PortalClientOptions): PortalConnection {
  checkClientOptions(options);
  return portalConnection(createTransport(options), options);
}

/** A portal read over a connection, as the read functions below take it. */
export type PortalRead<T> = (
  connection: PortalConnection,
  workspaceId: string,
  options?: PortalReadOptions,
) => Promise<T>;

const portalRead =
  <O extends Exclude<PortalOperation, typeof proxyListPublishedChangelogsOperation>>(
    operation: O,
    normalise?: (body: unknown) => unknown,
  ): PortalRead<OperationOutput<O>> =>
  async (connection, workspaceId, { language, ...options } = {}) =>
    connection(
      operation,
      { params: { workspaceId }, query: validateInput(operation.query, { language }) },
      options,
      normalise,
    );

/**
 * `GET /api/v1/workspaces/{workspaceId}` over `connection`: the branding and the latest changelog
 * (null when there is none); `language` translates the changelog. The portal client's
 * `getWorkspace`, for code that reads nothing else.
 */
export const getWorkspace: PortalRead<WorkspaceResponse> = /*@__PURE__*/ portalRead(
  portalGetWorkspaceOperation,
  normaliseWorkspaceResponse,
);

/** `GET /api/v1/projects/{workspaceId}` over `connection`: the portal client's `listProjects`. */
export const listProjects: PortalRead<Project[]> = /*@__PURE__*/ portalRead(
  portalListProjectsOperation,
  normaliseProjects,
);

/** `GET /api/v1/issues/{workspaceId}` over `connection`: the portal client's `listIssues`. */
export const listIssues: PortalRead<Issue[]> = /*@__PURE__*/ portalRead(portalListIssuesOperation);

/**
 * `GET /api/v2/changelogs` over `connection`, with no key: one page of the published entries,
 * newest first, as the key proxy serves them in its portal mode (`limit` 1-200, default 50; pass
 * `page.cursor` back as `cursor` for the next, while `page.has_more`). Bad params reject with
 * `RequestValidationError` naming the field, and nothing is sent. Kept with its ETag like the
 * portal reads. A service or proxy that does not serve it answers 404 (`NotFoundError`).
 */
export async function listPublishedChangelogs(
  connection: PortalConnection,
  params: PublishedChangelogsParams = {},
  options?: CallOptions,
): Promise<ChangelogPage> {
  return connection(
    proxyListPublishedChangelogsOperation,
    { query: validateInput(publishedChangelogsParamsSchema, params) },
    options,
  );
}

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
  return portalClient(createPortalConnection(options));
}

/** The portal reads over a given transport (the v1 client's `.portal`). */
export function createPortalReads(send: Transport, validation: ResponseValidationOptions): PortalClient {
  return portalClient(portalConnection(send, validation));
}

const portalClient = (connection: PortalConnection): PortalClient => ({
  getWorkspace: (workspaceId, options) => getWorkspace(connection, workspaceId, options),
  listProjects: (workspaceId, options) => listProjects(connection, workspaceId, options),
  listIssues: (workspaceId, options) => listIssues(connection, workspaceId, options),
});
