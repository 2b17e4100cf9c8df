import type { ModerationReason } from '@hearken/core';

/**
 * Why the proxy holds a submission for review rather than post it as clear: a filled honeypot, a
 * form sent faster than a person fills it, too many feedback posts from one address, the same
 * text again, or text heavy with links. Core's words, so the service and its operators read the same.
 */
export const HOLD_REASONS = [
  'honeypot',
  'fill_time',
  'rate',
  'duplicate',
  'links',
] as const satisfies readonly ModerationReason[];
export type HoldReason = (typeof HOLD_REASONS)[number];
