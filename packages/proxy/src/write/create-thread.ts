import type { HoldReason } from '../config/hold-reasons.ts';
import type { ResolvedOptions } from '../config/options.ts';
import { readJsonText } from '../http/body.ts';
import { rateLimitSubject } from '../http/client-address.ts';
import type { Outcome, ProxyRequest } from '../http/exchange.ts';
import { withReceipt } from '../receipts/with-receipt.ts';
import { postThread, type UpstreamOutcome } from '../upstream/post-thread.ts';
import { createHoldCheck } from './hold.ts';
import { identify } from './identity.ts';
import { readWriteInput } from './thread-input.ts';
import { withTicket } from './thread-ticket.ts';
import { rateLimited, type WriteLimits } from './write-limits.ts';

/** A widget's write, from its client address (undefined when unknown) to the service's answer. */
export type ThreadWriter = (request: ProxyRequest, ip: string | undefined, requestId: string) => Promise<Outcome>;

const NO_ADDRESS =
  'No client address (no socket address, clientIpHeader or trustProxy): every visitor shares one rate limit and one share of the key; set clientIpHeader or trustProxy';

/**
 * A held thread's answer as a clear one's reads: the sender, person or bot, learns nothing of the
 * hold. Anything but the created row (an error) passes as it is.
 */
function asIfClear(outcome: UpstreamOutcome, reasons: readonly HoldReason[]): UpstreamOutcome {
  const { reply } = outcome;
  if (reply.status !== 201 || reply.body === null) return outcome;
  const row = JSON.parse(reply.body) as Record<string, unknown>;
  const body = JSON.stringify({ ...row, moderation: 'clear', moderation_reasons: [] });
  return { ...outcome, reply: { ...reply, body }, held: reasons };
}

/**
 * The write path, each check in the README's order: the address's rate limit, the body, its
 * fields and Idempotency-Key, the identity and its rate limit, the address's share of the key,
 * the hold checks, then the post to the service with the proxy's key (held, with its reasons,
 * when a check says so); with messages on, the created thread's answer carries its message
 * ticket, and with receipts on its receipt. `limits` are shared with the message path.
 */
export function createThreadWriter(
  options: ResolvedOptions,
  limits: WriteLimits,
  receiptSecret: Uint8Array | null = null,
): ThreadWriter {
  let warnedNoAddress = false;
  const holdReasons = createHoldCheck(options);

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
    wait = await limits.keyShare(subject);
    if (wait !== null) return rateLimited(wait, requestId, 'rate_limited_key_share');
    // Last, so a submission refused for now (429) and sent again counts once toward rate and duplicate.
    const reasons = await holdReasons(request, thread, subject, idempotencyKey);
    const forwarded = reasons.length > 0 ? { ...thread, moderation: 'held', moderation_reasons: reasons } : thread;
    const posted = await postThread(options, { body: forwarded, requestId, idempotencyKey, clientIp: ip });
    limits.learn(posted.window);
    const outcome = reasons.length > 0 ? asIfClear(posted, reasons) : posted;
    const ticketed = options.messages ? await withTicket(outcome, options.messages.ticketSecret) : outcome;
    return receiptSecret ? withReceipt(ticketed, receiptSecret) : ticketed;
  };
}
