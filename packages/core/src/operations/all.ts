import type { Generation, Operation } from './operation.ts';
import { portalGetWorkspaceOperation, portalListIssuesOperation, portalListProjectsOperation } from './portal.ts';
import {
  v1CreateContactOperation,
  v1DeleteCompanyOperation,
  v1GetCompanyOperation,
  v1GetContactOperation,
  v1GetThreadOperation,
  v1GetTrackerOptionsOperation,
  v1ListContactsOperation,
  v1SendMessageOperation,
  v1UpdateCompanyOperation,
  v1UpdateRoleOperation,
  v1UpdateThreadOperation,
} from './v1.ts';
import {
  v2BulkDeleteThreadsOperation,
  v2BulkUpdateThreadsOperation,
  v2CreateCompanyOperation,
  v2CreateThreadOperation,
  v2GetMeOperation,
  v2GetThreadOperation,
  v2ListThreadsOperation,
} from './v2.ts';
import {
  v2CreateWebhookOperation,
  v2DeleteWebhookOperation,
  v2GetWebhookOperation,
  v2ListWebhookDeliveriesOperation,
  v2ListWebhooksOperation,
  v2RedeliverWebhookOperation,
  v2RotateWebhookSecretOperation,
  v2UpdateWebhookOperation,
} from './webhooks.ts';

// The lists, for code that serves or forwards every operation (the server, the proxy). In each, a
// fixed path comes before a parameter that would match it (`/companies/tracker-options` before
// `/companies/{id}`), so a router may register them in this order.

/** The public portal reads (no key; v1 paths and error format). */
export const portalOperations = [
  portalGetWorkspaceOperation,
  portalListProjectsOperation,
  portalListIssuesOperation,
] as const;

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

/** Every operation that needs a v2 key, webhooks included. */
export const v2Operations = [
  v2GetMeOperation,
  v2ListThreadsOperation,
  v2CreateThreadOperation,
  v2BulkUpdateThreadsOperation,
  v2BulkDeleteThreadsOperation,
  v2GetThreadOperation,
  v2CreateCompanyOperation,
  v2ListWebhooksOperation,
  v2CreateWebhookOperation,
  v2GetWebhookOperation,
  v2UpdateWebhookOperation,
  v2DeleteWebhookOperation,
  v2RotateWebhookSecretOperation,
  v2ListWebhookDeliveriesOperation,
  v2RedeliverWebhookOperation,
] as const;

/** Every operation of the API, by generation. */
export const operations: Readonly<Record<Generation, readonly Operation[]>> = {
  portal: portalOperations,
  v1: v1Operations,
  v2: v2Operations,
};
