/**
 * @hearken/feedback: the `<hearken-feedback>` element, `mountFeedback`, and the headless
 * `createFeedbackModel`. Importing the element loads only its shell and launcher; the form
 * (Preact, the views, the API client) loads on demand.
 */
export { define, HearkenFeedbackElement } from './element.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type { Draft } from './model/draft.ts';
export type { FieldError, FieldErrors, FieldName } from './model/errors.ts';
export {
  createFeedbackModel,
  type FeedbackModel,
  type FeedbackModelEvents,
  type FeedbackModelListener,
  type FeedbackModelOptions,
  type SubmissionStatus,
  type SubmitResult,
} from './model/feedback-model.ts';
export { type FeedbackContext, MAX_MESSAGE } from './model/input.ts';
export type { QueuedSubmission, RetryReason, SendOutcome } from './model/outbox.ts';
export type { KeyValueStore } from './model/storage.ts';
export { type FeedbackHandle, mountFeedback } from './mount.ts';
export type { FeedbackMode, FeedbackOptions, LauncherPosition, OpenOptions } from './options.ts';
export type { FeedbackMessages } from './strings.ts';
