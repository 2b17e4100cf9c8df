import { PROXY_TICKET_LIFETIME_S } from '@hearken/core';
import { errors, jwtVerify } from 'jose';
import { hmacKey } from '../http/hmac-key.ts';
import { signThreadToken } from '../upstream/thread-token.ts';

/**
 * Message tickets: an HS256 JWT the proxy signs when it creates a thread, naming the thread
 * (`sub`) and expiring an hour after the thread's creation (`exp`), for this use only (`aud`).
 * A message is forwarded only with a ticket that verifies and names its thread, so the proxy's
 * key adds messages to no thread but those its own browsers created within the hour.
 */

const AUDIENCE = 'hearken-proxy:messages';

/** The ticket of a thread created at `createdAt`; null once its hour is over (an old answer replayed). */
export function issueTicket(secret: Uint8Array, threadId: string, createdAt: Date): Promise<string | null> {
  return signThreadToken(secret, threadId, createdAt, PROXY_TICKET_LIFETIME_S, AUDIENCE);
}

/** Why a message's ticket is refused, or null when it lets the message through to `threadId`. */
export async function ticketProblem(
  secret: Uint8Array,
  ticket: string | null,
  threadId: string,
): Promise<string | null> {
  if (ticket === null || ticket.trim() === '') return 'A message needs the ticket its thread was created with';
  try {
    const { payload } = await jwtVerify(ticket.trim(), await hmacKey(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    return payload.sub === threadId ? null : 'The ticket is for another thread';
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return "The ticket has expired: messages are taken within an hour of their thread's creation";
    return 'The ticket is not valid';
  }
}
