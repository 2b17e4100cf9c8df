import { PROXY_RECEIPT_HEADER } from '@hearken/core';
import type { UpstreamOutcome } from '../upstream/post-thread.ts';
import { withThreadHeader } from '../upstream/with-thread-header.ts';
import { issueReceipt } from './receipt.ts';

/**
 * A created thread's answer with its receipt, bound to the thread's id and to 400 days after its
 * `created_at` (a replay of the same Idempotency-Key gets the same thread's). Other answers are
 * left as they are.
 */
export function withReceipt(outcome: UpstreamOutcome, secret: Uint8Array): Promise<UpstreamOutcome> {
  return withThreadHeader(outcome, PROXY_RECEIPT_HEADER, (threadId, createdAt) =>
    issueReceipt(secret, threadId, createdAt),
  );
}
