/**
 * @hearken/feedback: the `<hearken-feedback>` element and `mountFeedback`. Importing this module
 * loads only the element's shell and launcher; the form (Preact, the views, the API client) loads
 * on demand. The headless model, `createFeedbackModel`, is `@hearken/feedback/model`; its types are
 * re-exported here.
 */
export { define, HearkenFeedbackElement } from './element.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type {
  Draft,
  FeedbackContext,
  FeedbackModel,
  FeedbackModelEvents,
  FeedbackModelListener,
  FeedbackModelOptions,
  FieldError,
  FieldErrors,
  FieldName,
  KeyValueStore,
  QueuedSubmission,
  RetryReason,
  SendOutcome,
  SubmissionStatus,
  SubmitResult,
} from './model/index.ts';
export { type FeedbackHandle, mountFeedback } from './mount.ts';
export type { FeedbackMode, FeedbackOptions, LauncherPosition, OpenOptions } from './options.ts';
export type { FeedbackMessages } from './strings.ts';
