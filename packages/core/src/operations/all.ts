import { changelogOperations } from './changelogs.ts';
import { issueOperations } from './issues.ts';
import { messageOperations } from './messages.ts';
import type { Generation, Operation } from './operation.ts';
import { portalOperations } from './portal.ts';
import { v1Operations } from './v1.ts';
import { v2OwnOperations } from './v2.ts';
import { webhookOperations } from './webhooks.ts';

/** Every operation that needs a v2 key, changelogs, issues, messages and webhooks included. */
export const v2Operations = [
  ...v2OwnOperations,
  ...messageOperations,
  ...changelogOperations,
  ...issueOperations,
  ...webhookOperations,
] as const;

/**
 * Every operation of the API, by generation, for code that serves or forwards them all (the
 * server, the proxy). In each list a fixed path comes before a parameter that would match it
 * (`/companies/tracker-options` before `/companies/{id}`), so a router may register them in order.
 */
export const operations: Readonly<Record<Generation, readonly Operation[]>> = {
  portal: portalOperations,
  v1: v1Operations,
  v2: v2Operations,
};
