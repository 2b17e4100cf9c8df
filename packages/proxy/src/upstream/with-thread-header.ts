import type { UpstreamOutcome } from './post-thread.ts';

/**
 * A created thread's answer with one more header, made from the thread's id and `created_at` (its
 * message ticket, its receipt). Other answers, and a thread for which `make` gives null (an old
 * answer replayed past the token's lifetime), are left as they are.
 */
export async function withThreadHeader(
  outcome: UpstreamOutcome,
  header: string,
  make: (threadId: string, createdAt: Date) => Promise<string | null>,
): Promise<UpstreamOutcome> {
  const { reply } = outcome;
  if (reply.status !== 201 || reply.body === null) return outcome;
  const row = JSON.parse(reply.body) as { id?: unknown; created_at?: unknown };
  if (typeof row.id !== 'string' || typeof row.created_at !== 'string') return outcome;
  const value = await make(row.id, new Date(row.created_at));
  if (value === null) return outcome;
  // The transport takes header names in lower case.
  return { ...outcome, reply: { ...reply, headers: { ...reply.headers, [header.toLowerCase()]: value } } };
}
