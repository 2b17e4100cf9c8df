import { PROXY_TICKET_HEADER } from '@hearken/core';
import type { UpstreamOutcome } from '../upstream/post-thread.ts';
import { issueTicket } from './ticket.ts';

const TICKET = PROXY_TICKET_HEADER.toLowerCase();

/**
 * A created thread's answer with its message ticket: bound to the thread's id and to an hour after
 * its `created_at`, so a replay of an older answer (same Idempotency-Key) gets none. Other answers
 * are left as they are.
 */
export async function withTicket(outcome: UpstreamOutcome, secret: Uint8Array): Promise<UpstreamOutcome> {
  const { reply } = outcome;
  if (reply.status !== 201 || reply.body === null) return outcome;
  const row = JSON.parse(reply.body) as { id?: unknown; created_at?: unknown };
  if (typeof row.id !== 'string' || typeof row.created_at !== 'string') return outcome;
  const ticket = await issueTicket(secret, row.id, new Date(row.created_at));
  if (ticket === null) return outcome;
  return { ...outcome, reply: { ...reply, headers: { ...reply.headers, [TICKET]: ticket } } };
}
