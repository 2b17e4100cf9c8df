import { errorReply } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { type IdentityCheck, type VerifiedIdentity, verifyIdentity } from '../http/identity-token.ts';
import type { ProxiedThread } from './thread-input.ts';

/**
 * The identity a write carries: its verified claims replace whatever the page put in the
 * thread's contact fields. Null for anonymous feedback where that is allowed; a 401 for a token
 * that fails, or for no token where one is required.
 */
export async function identify(
  request: ProxyRequest,
  thread: ProxiedThread,
  check: (IdentityCheck & { required: boolean }) | null,
  requestId: string,
): Promise<VerifiedIdentity | Outcome | null> {
  const result = await verifyIdentity(request.header('authorization'), check);
  if (result.kind === 'rejected') {
    return { reply: errorReply('unauthenticated', result.message, requestId), reason: 'identity' };
  }
  if (result.kind === 'anonymous') {
    return check?.required
      ? {
          reply: errorReply('unauthenticated', 'An identity token is required', requestId),
          reason: 'identity_required',
        }
      : null;
  }
  const { identity } = result;
  thread.contact_email = identity.email;
  if (identity.name) thread.contact_name = identity.name;
  else delete thread.contact_name;
  return identity;
}
