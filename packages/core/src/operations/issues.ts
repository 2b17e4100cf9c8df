import { idParamsSchema, listIssuesQuerySchema } from '../contract/schemas/params.ts';
import { issuePageSchema, updateIssueInputSchema, v2IssueSchema } from '../contract/schemas/v2-issues.ts';
import { defineOperation } from './operation.ts';

// v2 issues: reads under `issues:read`, the update under `issues:write`.

export const v2ListIssuesOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListIssues',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/issues',
  summary: 'List issues',
  description:
    'Newest first (by creation); `limit` gives the page size. The filters `status` and `project_id` apply to the first page; the opaque `cursor` carries them to the next.',
  query: listIssuesQuerySchema,
  status: 200,
  output: issuePageSchema,
  scope: 'issues:read',
});

export const v2GetIssueOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetIssue',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/issues/{id}',
  summary: 'Get an issue',
  params: idParamsSchema,
  status: 200,
  output: v2IssueSchema,
  scope: 'issues:read',
  errors: [404],
});

export const v2UpdateIssueOperation = /*@__PURE__*/ defineOperation({
  id: 'v2UpdateIssue',
  generation: 'v2',
  method: 'PATCH',
  path: '/api/v2/issues/{id}',
  summary: 'Update an issue',
  description:
    'Changes the fields given. A new `status` sends the `issue.status_changed` webhook event and queues an email to each follower (the contacts of threads linked to the issue that asked with `notify_contact`); a change of any other field sends `issue.updated`.',
  params: idParamsSchema,
  body: updateIssueInputSchema,
  status: 200,
  output: v2IssueSchema,
  scope: 'issues:write',
  errors: [404],
});

/** The issue operations, in registration order. */
export const issueOperations = [v2ListIssuesOperation, v2GetIssueOperation, v2UpdateIssueOperation] as const;
