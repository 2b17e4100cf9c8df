import { fillPath, PROXY_TICKET_HEADER, v2CreateMessageOperation } from '@hearken/core';
import type { ResolvedOptions } from '../config/options.ts';
import { readJsonText } from '../http/body.ts';
import { rateLimitSubject } from '../http/client-address.ts';
import { errorReply, invalidField } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { postThread } from '../upstream/post-thread.ts';
import { IDEMPOTENCY_MESSAGE, idempotencyKeyOf, parseMessageInput } from './message-input.ts';
import { ticketProblem } from './ticket.ts';
import { rateLimited, type WriteLimits } from './write-limits.ts';

/** A widget's message on a thread (`threadId` from the path), to the service's answer. */
export type MessageWriter = (
  request: ProxyRequest,
  threadId: string,
  ip: string | undefined,
  requestId: string,
) => Promise<Outcome>;

/** Room for the message's text and the JSON around the image, beside the image's base64. */
const BODY_OVERHEAD_BYTES = 64 * 1024;

/**
 * The message path: the address's rate limit, the thread's ticket (403 without a valid one for
 * this thread), the body within the image's size, its fields and the image's bytes, the
 * Idempotency-Key, the address's share of the key, then the post with the proxy's key.
 */
export function createMessageWriter(
  options: ResolvedOptions,
  settings: NonNullable<ResolvedOptions['messages']>,
  limits: WriteLimits,
): MessageWriter {
  const maxBodyBytes = Math.ceil((settings.maxImageBytes * 4) / 3) + BODY_OVERHEAD_BYTES;
  return async function createMessage(request, threadId, ip, requestId) {
    const subject = rateLimitSubject(ip);
    let wait = await limits.perAddress(subject);
    if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_ip');
    const problem = await ticketProblem(settings.ticketSecret, request.header(PROXY_TICKET_HEADER), threadId);
    if (problem !== null) return { reply: errorReply('forbidden', problem, requestId), reason: 'ticket' };
    const body = await readJsonText(request, maxBodyBytes, requestId);
    if (typeof body !== 'string') return body;
    const input = await parseMessageInput(body, settings.maxImageBytes);
    if (!input.ok) {
      const reply = input.code
        ? errorReply(input.code, input.message, requestId, {
            details: { issues: [{ path: input.field, message: input.message }] },
          })
        : invalidField(input.field, input.message, requestId);
      return { reply, reason: input.code ? 'too_large' : 'invalid_field' };
    }
    const idempotencyKey = idempotencyKeyOf(request.header('idempotency-key'));
    if (idempotencyKey === false) {
      return { reply: invalidField('Idempotency-Key', IDEMPOTENCY_MESSAGE, requestId), reason: 'invalid_field' };
    }
    wait = await limits.keyShare(subject);
    if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_key_share');
    const outcome = await postThread(options, {
      path: fillPath(v2CreateMessageOperation.path, { id: threadId }),
      body: input.message,
      requestId,
      idempotencyKey,
      clientIp: ip,
    });
    limits.learn(outcome.window);
    return outcome;
  };
}
