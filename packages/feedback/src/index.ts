/**
 * @hearken/feedback: the `<hearken-feedback>` element and `mountFeedback`. Importing this module
 * loads only the element's shell and launcher; the form (Preact, the views, the API client) loads
 * on demand. The headless model, `createFeedbackModel`, is `@hearken/feedback/model`; its types are
 * re-exported here.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define, HearkenFeedbackElement } from './element.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type { HearkenFeedbackAttributes, HearkenFeedbackEventProps, HearkenFeedbackProps } from './jsx.ts';
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
