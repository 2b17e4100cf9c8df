import { FILL_TIME_HEADER, HONEYPOT_HEADER } from '@hearken/core';
import type { HoldReason } from '../config/hold-reasons.ts';
import type { ResolvedOptions } from '../config/options.ts';
import type { ProxyRequest } from '../http/exchange.ts';
import { sha256Hex } from '../http/sha256.ts';
import { memoryLimiters, takePoint } from '../limits/rate-limit.ts';
import type { ProxiedThread } from './thread-input.ts';

/** The reasons to hold one submission; `[]` posts it clear. */
export type HoldCheck = (
  request: ProxyRequest,
  thread: ProxiedThread,
  subject: string,
  idempotencyKey: string | null,
) => Promise<HoldReason[]>;

/** Verdicts remembered for the retries of a submission (its Idempotency-Key), at most this many. */
const REMEMBERED = 10_000;
/** How long a verdict is remembered: the widget's outbox retries well within it. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;

const LINK = /\bhttps?:\/\/|\bwww\./gi;

/** Links in the text and the title. */
export const countLinks = (thread: ProxiedThread): number =>
  (thread.text.match(LINK)?.length ?? 0) + (thread.title?.match(LINK)?.length ?? 0);

/** The text as compared for `duplicate`: case and spacing do not make it new. */
function textKey(thread: ProxiedThread): Promise<string> {
  return sha256Hex(`${thread.title ?? ''}\n${thread.text}`.toLowerCase().replace(/\s+/g, ' ').trim());
}

/**
 * The hold checks of `options.hold`. Counts of `rate` and `duplicate` live in the limiters (shared
 * between instances with Redis). A retry under the same Idempotency-Key gets the verdict of its
 * first attempt, so the service sees the same body and replays its answer rather than refuse it.
 * Upvotes are one click with a fixed text: only honeypot and links apply to them.
 */
export function createHoldCheck(options: ResolvedOptions): HoldCheck {
  const { hold, minFillMs } = options;
  const limiters = options.limiters ?? memoryLimiters;
  const perAddress = hold.reasons.has('rate') ? limiters({ ...hold.rate, keyPrefix: 'hearken-proxy-hold-rate' }) : null;
  const seen = hold.reasons.has('duplicate')
    ? limiters({ points: 1, duration: hold.duplicateSeconds, keyPrefix: 'hearken-proxy-hold-text' })
    : null;
  const verdicts = new Map<string, { reasons: HoldReason[]; until: number }>();

  async function judge(request: ProxyRequest, thread: ProxiedThread, subject: string): Promise<HoldReason[]> {
    const reasons: HoldReason[] = [];
    const feedback = thread.origin === 'WIDGET';
    if (hold.reasons.has('honeypot') && (request.header(HONEYPOT_HEADER) ?? '') !== '') reasons.push('honeypot');
    const fill = request.header(FILL_TIME_HEADER);
    if (hold.reasons.has('fill_time') && feedback && fill !== null) {
      const ms = Number(fill);
      if (!Number.isFinite(ms) || ms < minFillMs) reasons.push('fill_time');
    }
    if (perAddress && feedback && (await takePoint(perAddress, subject)) !== null) reasons.push('rate');
    if (seen && feedback && (await takePoint(seen, await textKey(thread))) !== null) reasons.push('duplicate');
    if (hold.reasons.has('links') && countLinks(thread) > hold.maxLinks) reasons.push('links');
    return reasons;
  }

  return async (request, thread, subject, idempotencyKey) => {
    if (hold.reasons.size === 0) return [];
    if (idempotencyKey === null) return judge(request, thread, subject);
    const now = Date.now();
    // Per address too: another client's key cannot pick up a verdict.
    const memo = `${subject}\n${idempotencyKey}`;
    const known = verdicts.get(memo);
    if (known && known.until > now) return known.reasons;
    const reasons = await judge(request, thread, subject);
    verdicts.delete(memo);
    verdicts.set(memo, { reasons, until: now + REMEMBER_MS });
    // Oldest first in a Map's order: the first entry is the one to forget.
    if (verdicts.size > REMEMBERED) verdicts.delete(verdicts.keys().next().value!);
    return reasons;
  };
}
