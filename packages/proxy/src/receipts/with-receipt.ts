import { PROXY_RECEIPT_HEADER } from '@hearken/core';
import type { UpstreamOutcome } from '../upstream/post-thread.ts';
import { issueReceipt } from './receipt.ts';

const RECEIPT = PROXY_RECEIPT_HEADER.toLowerCase();

/**
 * A created thread's answer with its receipt, bound to the thread's id and to 400 days after its
 * `created_at` (a replay of the same Idempotency-Key gets the same thread's). Other answers are
 * left as they are.
 */
export async function withReceipt(outcome: UpstreamOutcome, secret: Uint8Array): Promise<UpstreamOutcome> {
  const { reply } = outcome;
  if (reply.status !== 201 || reply.body === null) return outcome;
  const row = JSON.parse(reply.body) as { id?: unknown; created_at?: unknown };
  if (typeof row.id !== 'string' || typeof row.created_at !== 'string') return outcome;
  const receipt = await issueReceipt(secret, row.id, new Date(row.created_at));
  if (receipt === null) return outcome;
  return { ...outcome, reply: { ...reply, headers: { ...reply.headers, [RECEIPT]: receipt } } };
}
