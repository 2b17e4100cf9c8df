import type { v1Operations } from '@hearken/core';
import { companyDetails, deleteCompany, trackerOptions, updateCompany } from '../services/companies.ts';
import { createContact, getContact, listContacts } from '../services/contacts.ts';
import { updateRole } from '../services/members.ts';
import { getThread, sendMessage, updateThread } from '../services/v1-threads.ts';
import type { Handlers } from './register.ts';

export const v1Handlers: Handlers<typeof v1Operations> = {
  v1UpdateRole: ({ services: { db, now }, caller, body }) => updateRole(db.orm, caller, body, now()),
  v1ListContacts: ({ services, caller, query }) =>
    listContacts(services.db.orm, caller.workspaceId, query.skip, query.take),
  v1CreateContact: ({ services: { db, now }, caller, body }) => createContact(db.orm, caller.workspaceId, body, now()),
  v1GetContact: ({ services, caller, params }) => getContact(services.db.orm, caller.workspaceId, params.idOrEmail),
  v1GetTrackerOptions: ({ services, caller }) => trackerOptions(services.db.orm, caller),
  v1GetCompany: ({ services, caller, params, query }) =>
    companyDetails(services.db.orm, caller.workspaceId, params.id, query.groupUpvotes ?? false),
  v1UpdateCompany: ({ services: { db, now }, caller, params, body }) =>
    updateCompany(db.orm, caller, params.id, body, now()),
  v1DeleteCompany: ({ services: { db, now }, caller, params }) =>
    deleteCompany(db.orm, caller.workspaceId, params.id, now()),
  v1GetThread: ({ services, caller, params, query }) =>
    getThread(services.db.orm, caller.workspaceId, params.id, query.includeConversation ?? false),
  v1UpdateThread: ({ services: { db, now }, caller, params, body }) =>
    updateThread(db.orm, caller, params.id, body, now()),
  v1SendMessage: ({ services: { db, now }, caller, params, body }) =>
    sendMessage(db.orm, caller, params.threadId, body, now()),
};
