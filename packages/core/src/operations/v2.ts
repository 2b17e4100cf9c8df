import { idParamsSchema, listThreadsQuerySchema } from '../contract/schemas/params.ts';
import {
  bulkDeleteInputSchema,
  bulkResultSchema,
  bulkUpdateInputSchema,
  createCompanyInputSchema,
  createThreadInputSchema,
  identitySchema,
  threadPageSchema,
  v2CompanySchema,
  v2ThreadSchema,
} from '../contract/schemas/v2.ts';
import { defineOperation } from './operation.ts';

// ---- The key itself ----

export const v2GetMeOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetMe',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/me',
  summary: 'The calling key: its workspace, id and scopes',
  status: 200,
  output: identitySchema,
});

// ---- Threads ----

export const v2ListThreadsOperation = /*@__PURE__*/ defineOperation({
  id: 'v2ListThreads',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/threads',
  summary: 'List threads',
  description:
    'Newest first; `limit` gives the page size. The filters apply to the first page; the opaque `cursor` carries them to the next. Held threads (suspected spam) are listed only with `moderation=held` or `moderation=all`.',
  query: listThreadsQuerySchema,
  status: 200,
  output: threadPageSchema,
  scope: 'threads:read',
});

export const v2GetThreadOperation = /*@__PURE__*/ defineOperation({
  id: 'v2GetThread',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/threads/{id}',
  summary: 'Get a thread',
  params: idParamsSchema,
  status: 200,
  output: v2ThreadSchema,
  scope: 'threads:read',
  errors: [404],
});

export const v2CreateThreadOperation = /*@__PURE__*/ defineOperation({
  id: 'v2CreateThread',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/threads',
  summary: 'Create a thread',
  description:
    'The contact is found by `contact_email` or created; a project or issue link also counts as an upvote. With `moderation: "held"` the thread is stored held (emitting `thread.held`, not `thread.created`): out of default lists and upvote counts until released.',
  body: createThreadInputSchema,
  status: 201,
  output: v2ThreadSchema,
  scope: 'threads:write',
});

export const v2BulkUpdateThreadsOperation = /*@__PURE__*/ defineOperation({
  id: 'v2BulkUpdateThreads',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/threads/bulk-update',
  summary: 'Update up to 100 threads',
  description:
    '`set.moderation` releases held threads (`clear`, emitting `thread.created` for each one released) or holds threads (`held`).',
  body: bulkUpdateInputSchema,
  status: 200,
  output: bulkResultSchema,
  scope: 'threads:write',
});

export const v2BulkDeleteThreadsOperation = /*@__PURE__*/ defineOperation({
  id: 'v2BulkDeleteThreads',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/threads/bulk-delete',
  summary: 'Delete up to 100 threads',
  body: bulkDeleteInputSchema,
  status: 200,
  output: bulkResultSchema,
  scope: 'threads:write',
});

// ---- Companies ----

export const v2CreateCompanyOperation = /*@__PURE__*/ defineOperation({
  id: 'v2CreateCompany',
  generation: 'v2',
  method: 'POST',
  path: '/api/v2/companies',
  summary: 'Create a company',
  body: createCompanyInputSchema,
  status: 201,
  output: v2CompanySchema,
  scope: 'companies:write',
});

/** The operations of this module; `v2Operations` adds the webhook ones. */
export const v2OwnOperations = [
  v2GetMeOperation,
  v2ListThreadsOperation,
  v2CreateThreadOperation,
  v2BulkUpdateThreadsOperation,
  v2BulkDeleteThreadsOperation,
  v2GetThreadOperation,
  v2CreateCompanyOperation,
] as const;
