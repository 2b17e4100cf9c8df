import { PROXY_TICKET_HEADER } from '@hearken/core';
import type { UpstreamOutcome } from '../upstream/post-thread.ts';
import { withThreadHeader } from '../upstream/with-thread-header.ts';
import { issueTicket } from './ticket.ts';

/**
 * A created thread's answer with its message ticket: bound to the thread's id and to an hour after
 * its `created_at`, so a replay of an older answer (same Idempotency-Key) gets none. Other answers
 * are left as they are.
 */
export function withTicket(outcome: UpstreamOutcome, secret: Uint8Array): Promise<UpstreamOutcome> {
  return withThreadHeader(outcome, PROXY_TICKET_HEADER, (threadId, createdAt) =>
    issueTicket(secret, threadId, createdAt),
  );
}
