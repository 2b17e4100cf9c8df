import { portalQuerySchema, workspaceIdParamsSchema } from '../contract/schemas/params.ts';
import { issueListSchema, projectListSchema } from '../contract/schemas/portal.ts';
import { workspaceResponseSchema } from '../contract/schemas/workspace.ts';
import { defineOperation } from './operation.ts';

// The public reads of a published portal: no key, at v1 paths.

export const portalGetWorkspaceOperation = /*@__PURE__*/ defineOperation({
  id: 'portalGetWorkspace',
  generation: 'portal',
  method: 'GET',
  path: '/api/v1/workspaces/{workspaceId}',
  summary: "A published portal's workspace and latest changelog",
  description: '404 `Workspace not found` when the portal is not published.',
  params: workspaceIdParamsSchema,
  query: portalQuerySchema,
  status: 200,
  output: workspaceResponseSchema,
});

export const portalListProjectsOperation = /*@__PURE__*/ defineOperation({
  id: 'portalListProjects',
  generation: 'portal',
  method: 'GET',
  path: '/api/v1/projects/{workspaceId}',
  summary: "A published portal's roadmap projects",
  params: workspaceIdParamsSchema,
  query: portalQuerySchema,
  status: 200,
  output: projectListSchema,
});

export const portalListIssuesOperation = /*@__PURE__*/ defineOperation({
  id: 'portalListIssues',
  generation: 'portal',
  method: 'GET',
  path: '/api/v1/issues/{workspaceId}',
  summary: "A published portal's issues",
  params: workspaceIdParamsSchema,
  query: portalQuerySchema,
  status: 200,
  output: issueListSchema,
});

/** The public portal reads (no key; v1 paths and error format). */
export const portalOperations = [
  portalGetWorkspaceOperation,
  portalListProjectsOperation,
  portalListIssuesOperation,
] as const;
