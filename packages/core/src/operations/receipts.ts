import { idParamsSchema } from '../contract/schemas/params.ts';
import { threadUpdatesSchema } from '../contract/schemas/receipts.ts';
import { defineOperation } from './operation.ts';

// The key proxy's own reads and writes with receipts (decisions.md, "Receipts"): the service has
// no such paths; the proxy answers them with its key.

export const proxyThreadUpdatesOperation = /*@__PURE__*/ defineOperation({
  id: 'proxyThreadUpdates',
  generation: 'v2',
  method: 'GET',
  path: '/api/v2/threads/updates',
  summary: "The state of the caller's own threads, by receipt or verified identity",
  description:
    "With `Authorization: Receipt <receipt>, ...` (at most 100) each receipt's live thread; with a verified identity token the threads whose contact has its email. Only `{id, state, updated_at, issue}`. ETag and If-None-Match (304).",
  status: 200,
  output: threadUpdatesSchema,
  errors: [400, 401],
});

export const proxyWithdrawVoteOperation = /*@__PURE__*/ defineOperation({
  id: 'proxyWithdrawVote',
  generation: 'v2',
  method: 'DELETE',
  path: '/api/v2/threads/{id}',
  summary: 'Take back an upvote, with its receipt',
  description: 'Deletes the thread when the receipt names it and it is an `UPVOTE`; 404 otherwise.',
  params: idParamsSchema,
  status: 204,
  errors: [401, 404],
});

/** The key proxy's receipt operations. */
export const receiptOperations = [proxyThreadUpdatesOperation, proxyWithdrawVoteOperation] as const;
