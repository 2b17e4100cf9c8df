import { emit, type HearkenErrorDetail } from '@hearken/ui/dom';

/** Events `<hearken-feedback>` dispatches (bubbling, composed), by name. */
export interface FeedbackEventMap {
  /** The form was opened (dialog shown, or inline form asked to open). */
  'hearken:open': { projectId?: string; issueId?: string };
  /** The dialog was closed. */
  'hearken:close': Record<string, never>;
  /** The user sent the form; `idempotencyKey` identifies this submission across retries. */
  'hearken:submit': { idempotencyKey: string };
  /**
   * The public issues the form suggests for the draft changed (none any more: an empty list).
   * `score` is the matcher's relevance, comparable within one list only.
   */
  'hearken:suggest': { suggestions: { issueId: string; title: string; score: number; upvotes: number }[] };
  /** The user voted for a suggested issue instead of sending new feedback; the vote is queued and sent like a submission. */
  'hearken:vote': { issueId: string; idempotencyKey: string };
  /** The service stored the feedback (or the vote). */
  'hearken:success': { threadId: string; idempotencyKey: string };
  /** The submission waits in the offline queue and will be sent later. */
  'hearken:queued': { idempotencyKey: string; reason: 'offline' | 'rate_limited' | 'unavailable' | 'identity' };
  /**
   * The number of published changelog entries the reader has not seen changed (it starts at 0):
   * entries arrived, or the reader read them here, in a roadmap of the page or in another tab.
   */
  'hearken:unread': { count: number };
  /**
   * The number of this browser's requests (threads sent, votes) whose status moved since the reader
   * last saw them changed (it starts at 0): the proxy's updates read found moves, or the reader
   * opened "Your requests".
   */
  'hearken:updates': { count: number };
  /** The submission failed for good, or the service refused it. */
  'hearken:error': HearkenErrorDetail & { idempotencyKey?: string };
}

export type FeedbackEventName = keyof FeedbackEventMap;

/** Dispatches one of the widget's events from the element, bubbling and composed like every `hearken:*` event. */
export type EmitFeedback = <K extends FeedbackEventName>(
  host: EventTarget,
  type: K,
  detail: FeedbackEventMap[K],
) => boolean;

/** @hearken/ui's `emit`, typed for the widget's events. */
export const emitFeedback = emit as EmitFeedback;

/** The `hearken:error` detail when the form's code could not be fetched (offline, or a deploy removed the chunk). */
export const FORM_LOAD_ERROR = { code: 'network_error', message: 'The feedback form could not be loaded' } as const;
