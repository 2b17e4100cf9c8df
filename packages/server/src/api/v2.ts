import type { v2Operations } from '@hearken/core';
import { createChangelog, getChangelog, listChangelogs, updateChangelog } from '../services/changelogs.ts';
import { createCompany } from '../services/companies.ts';
import { getIssue, listIssues, updateIssue } from '../services/issues.ts';
import { createMessage, getAttachment, listMessages } from '../services/messages.ts';
import { bulkDeleteThreads, bulkUpdateThreads, createThread, getThread, listThreads } from '../services/threads.ts';
import type { Handlers } from './register.ts';
import { webhookHandlers } from './webhooks.ts';

export const v2Handlers: Handlers<typeof v2Operations> = {
  v2GetMe: async ({ caller }) => ({
    workspace_id: caller.workspaceId,
    api_key_id: caller.keyId,
    scopes: [...caller.scopes],
  }),
  v2ListThreads: ({ services, caller, query }) => listThreads(services.db.orm, caller, query),
  v2CreateThread: ({ services: { db, now }, caller, body }) => createThread(db.orm, caller.workspaceId, body, now()),
  v2BulkUpdateThreads: ({ services: { db, now }, caller, body }) =>
    bulkUpdateThreads(db.orm, caller.workspaceId, body.ids, body.set, now()),
  v2BulkDeleteThreads: ({ services: { db, now }, caller, body }) =>
    bulkDeleteThreads(db.orm, caller.workspaceId, body.ids, now()),
  v2GetThread: ({ services, caller, params }) => getThread(services.db.orm, caller.workspaceId, params.id),
  v2CreateMessage: ({ services: { db, now }, caller, params, body }) =>
    createMessage(db.orm, caller.workspaceId, params.id, body, now()),
  v2ListMessages: ({ services, caller, params, query }) => listMessages(services.db.orm, caller, params.id, query),
  v2GetAttachment: ({ services, caller, params }) => getAttachment(services.db.orm, caller.workspaceId, params.id),
  v2CreateCompany: ({ services: { db, now }, caller, body }) => createCompany(db.orm, caller, body, now()),
  v2ListChangelogs: ({ services, caller, query }) => listChangelogs(services.db.orm, caller, query),
  v2GetChangelog: ({ services, caller, params }) => getChangelog(services.db.orm, caller.workspaceId, params.id),
  v2CreateChangelog: ({ services: { db, now }, caller, body }) =>
    createChangelog(db.orm, caller.workspaceId, body, now()),
  v2UpdateChangelog: ({ services: { db, now }, caller, params, body }) =>
    updateChangelog(db.orm, caller.workspaceId, params.id, body, now()),
  v2ListIssues: ({ services, caller, query }) => listIssues(services.db.orm, caller, query),
  v2GetIssue: ({ services, caller, params }) => getIssue(services.db.orm, caller.workspaceId, params.id),
  v2UpdateIssue: ({ services: { db, now }, caller, params, body }) =>
    updateIssue(db.orm, caller.workspaceId, params.id, body, now()),
  ...webhookHandlers,
};
