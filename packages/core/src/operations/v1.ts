import {
  contactIdParamsSchema,
  getCompanyQuerySchema,
  getThreadQuerySchema,
  idParamsSchema,
  listContactsQuerySchema,
  threadIdParamsSchema,
} from '../contract/schemas/params.ts';
import {
  companyDetailsSchema,
  companySchema,
  contactListSchema,
  contactSchema,
  createContactInputSchema,
  deleteCompanyResultSchema,
  sendMessageInputSchema,
  sendMessageResultSchema,
  threadUpdateSummarySchema,
  trackerOptionsSchema,
  updateCompanyInputSchema,
  updateRoleInputSchema,
  updateRoleResultSchema,
  updateThreadInputSchema,
  v1ThreadSchema,
} from '../contract/schemas/v1.ts';
import { defineOperation } from './operation.ts';

// ---- Users ----

export const v1UpdateRoleOperation = /*@__PURE__*/ defineOperation({
  id: 'v1UpdateRole',
  generation: 'v1',
  method: 'PATCH',
  path: '/api/v1/users/role',
  summary: "Change a member's role",
  description: 'Admins only; nobody changes their own role, and the last admin is never demoted (403).',
  body: updateRoleInputSchema,
  status: 200,
  output: updateRoleResultSchema,
  errors: [403],
});

// ---- Contacts ----

export const v1ListContactsOperation = /*@__PURE__*/ defineOperation({
  id: 'v1ListContacts',
  generation: 'v1',
  method: 'GET',
  path: '/api/v1/contacts',
  summary: 'List contacts',
  description: 'Oldest first; `skip` and `take` page through them.',
  query: listContactsQuerySchema,
  status: 200,
  output: contactListSchema,
});

export const v1CreateContactOperation = /*@__PURE__*/ defineOperation({
  id: 'v1CreateContact',
  generation: 'v1',
  method: 'POST',
  path: '/api/v1/contacts',
  summary: 'Create a contact',
  description: '409 when the workspace has a contact with this email.',
  body: createContactInputSchema,
  status: 201,
  output: contactSchema,
});

export const v1GetContactOperation = /*@__PURE__*/ defineOperation({
  id: 'v1GetContact',
  generation: 'v1',
  method: 'GET',
  path: '/api/v1/contacts/{idOrEmail}',
  summary: 'Get a contact by id or email',
  params: contactIdParamsSchema,
  status: 200,
  output: contactSchema,
});

// ---- Companies ----

export const v1GetTrackerOptionsOperation = /*@__PURE__*/ defineOperation({
  id: 'v1GetTrackerOptions',
  generation: 'v1',
  method: 'GET',
  path: '/api/v1/companies/tracker-options',
  summary: "The tracker's company statuses and tiers",
  description: 'Both are null while no tracker is connected.',
  status: 200,
  output: trackerOptionsSchema,
});

export const v1GetCompanyOperation = /*@__PURE__*/ defineOperation({
  id: 'v1GetCompany',
  generation: 'v1',
  method: 'GET',
  path: '/api/v1/companies/{id}',
  summary: 'Get a company with its contacts',
  params: idParamsSchema,
  query: getCompanyQuerySchema,
  status: 200,
  output: companyDetailsSchema,
});

export const v1UpdateCompanyOperation = /*@__PURE__*/ defineOperation({
  id: 'v1UpdateCompany',
  generation: 'v1',
  method: 'PATCH',
  path: '/api/v1/companies/{id}',
  summary: 'Update a company',
  params: idParamsSchema,
  body: updateCompanyInputSchema,
  status: 200,
  output: companySchema,
});

export const v1DeleteCompanyOperation = /*@__PURE__*/ defineOperation({
  id: 'v1DeleteCompany',
  generation: 'v1',
  method: 'DELETE',
  path: '/api/v1/companies/{id}',
  summary: 'Delete a company',
  description: 'Irreversible: its contacts and threads lose the link.',
  params: idParamsSchema,
  status: 200,
  output: deleteCompanyResultSchema,
});

// ---- Threads, which v1 calls insights ----

export const v1GetThreadOperation = /*@__PURE__*/ defineOperation({
  id: 'v1GetThread',
  generation: 'v1',
  method: 'GET',
  path: '/api/v1/insights/{id}',
  summary: 'Get a thread',
  params: idParamsSchema,
  query: getThreadQuerySchema,
  status: 200,
  output: v1ThreadSchema,
});

export const v1UpdateThreadOperation = /*@__PURE__*/ defineOperation({
  id: 'v1UpdateThread',
  generation: 'v1',
  method: 'PATCH',
  path: '/api/v1/insights/{id}',
  summary: 'Update a thread',
  description: '`notify` queues a chat or email notification; send an Idempotency-Key so a retry notifies once.',
  params: idParamsSchema,
  body: updateThreadInputSchema,
  status: 200,
  output: threadUpdateSummarySchema,
});

export const v1SendMessageOperation = /*@__PURE__*/ defineOperation({
  id: 'v1SendMessage',
  generation: 'v1',
  method: 'POST',
  path: '/api/v1/insights/{threadId}/messages',
  summary: "Send a message to the thread's contact",
  params: threadIdParamsSchema,
  body: sendMessageInputSchema,
  status: 201,
  output: sendMessageResultSchema,
});

/** Every operation that needs a v1 key. */
export const v1Operations = [
  v1UpdateRoleOperation,
  v1ListContactsOperation,
  v1CreateContactOperation,
  v1GetContactOperation,
  v1GetTrackerOptionsOperation,
  v1GetCompanyOperation,
  v1UpdateCompanyOperation,
  v1DeleteCompanyOperation,
  v1GetThreadOperation,
  v1UpdateThreadOperation,
  v1SendMessageOperation,
] as const;
