import type { FeedbackEventMap } from '../events.ts';

/** The events a model reports: those of `<hearken-feedback>`. */
export type FeedbackModelEvents = FeedbackEventMap;

/** Receives a model's events; the element dispatches them as DOM events. */
export type FeedbackModelListener = <K extends keyof FeedbackModelEvents>(
  type: K,
  detail: FeedbackModelEvents[K],
) => void;
