import type { ResolvedOptions } from '../config/options.ts';
import { readJsonText } from '../http/body.ts';
import { rateLimitSubject } from '../http/client-address.ts';
import { jsonReply } from '../http/envelope.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { rateLimited, type WriteLimits } from '../limits/write-limits.ts';
import { postThread } from '../upstream/post-thread.ts';
import { identify } from './identity.ts';
import { decoyRow, spamReason } from './spam.ts';
import { readWriteInput } from './thread-input.ts';
import { withTicket } from './thread-ticket.ts';

/** A widget's write, from its client address (undefined when unknown) to the service's answer. */
export type ThreadWriter = (request: ProxyRequest, ip: string | undefined, requestId: string) => Promise<Outcome>;

const NO_ADDRESS =
  'No client address (no socket address, clientIpHeader or trustProxy): every visitor shares one rate limit and one share of the key; set clientIpHeader or trustProxy';

/**
 * The write path, each check in the README's order: the address's rate limit, the body, its
 * fields and Idempotency-Key, the identity and its rate limit, the spam signals, the address's
 * share of the key, then the post to the service with the proxy's key; with messages on, the
 * created thread's answer carries its message ticket. `limits` are shared with the message path.
 */
export function createThreadWriter(options: ResolvedOptions, limits: WriteLimits): ThreadWriter {
  let warnedNoAddress = false;

  return async function createThread(request, ip, requestId) {
    if (ip === undefined && !warnedNoAddress) {
      // Said once: every post would say it, and the setting to fix is the same.
      warnedNoAddress = true;
      options.log({ level: 'warn', event: 'client_address_unknown', requestId, reason: NO_ADDRESS });
    }
    const subject = rateLimitSubject(ip);
    let wait = await limits.perAddress(subject);
    if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_ip');
    const body = await readJsonText(request, options.maxBodyBytes, requestId);
    if (typeof body !== 'string') return body;
    const input = readWriteInput(request, body, requestId);
    if ('reply' in input) return input;
    const { thread, idempotencyKey } = input;
    const identity = await identify(request, thread, options.identity, requestId);
    if (identity !== null) {
      if ('reply' in identity) return identity;
      wait = await limits.perIdentity(identity.email);
      if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_identity');
    }
    const spam = spamReason(request, thread, options.minFillMs);
    if (spam !== null) return { reply: jsonReply(201, decoyRow(thread), requestId), reason: spam };
    wait = await limits.keyShare(subject);
    if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_key_share');
    const outcome = await postThread(options, { body: thread, requestId, idempotencyKey, clientIp: ip });
    limits.learn(outcome.window);
    return options.messages ? withTicket(outcome, options.messages.ticketSecret) : outcome;
  };
}
