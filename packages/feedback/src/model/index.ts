/**
 * @hearken/feedback/model: the feedback form without its view (`createFeedbackModel`), for a host
 * app that draws its own form. Its own entry, so that importing the element never loads it (nor
 * the API client) before the form is needed.
 */
export type { Draft } from './draft.ts';
export type { FieldError, FieldErrors, FieldName } from './errors.ts';
export {
  createFeedbackModel,
  type FeedbackModel,
  type FeedbackModelEvents,
  type FeedbackModelListener,
  type FeedbackModelOptions,
  type SubmissionStatus,
  type SubmitResult,
} from './feedback-model.ts';
export { type FeedbackContext, MAX_MESSAGE } from './input.ts';
export type { QueuedSubmission, RetryReason, SendOutcome } from './outbox.ts';
export { type KeyValueStore, memoryStore } from './storage.ts';
