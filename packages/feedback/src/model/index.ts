/**
 * @hearken/feedback/model: the feedback form without its view (`createFeedbackModel`), for a host
 * app that draws its own form. Its own entry, so that importing the element never loads it (nor
 * the API client) before the form is needed.
 */

export type { ChangelogEntry } from '@hearken/core';
export { type KeyValueStorage, memoryStorage } from '@hearken/ui/dom';
// The matcher of similar issues, shared with the other widget: the whole `@hearken/ui/search` entry.
export * from '@hearken/ui/search';
export type { OpenOptions } from '../options.ts';
// The strings a UI built on the model shows, in English; the element takes overrides of them.
export { en as englishStrings, type FeedbackMessages } from '../strings.ts';
export type { Draft } from './draft.ts';
export type { FieldError, FieldErrors, FieldName } from './errors.ts';
export {
  createFeedbackModel,
  type FeedbackBranding,
  type FeedbackModel,
  type FeedbackModelEvents,
  type FeedbackModelListener,
  type FeedbackModelOptions,
  type FeedbackSuggestions,
  type FeedbackWhatsNew,
  type FocusTarget,
  type SubmissionStatus,
  type SubmitResult,
  type Vote,
  type VoteResult,
} from './feedback-model.ts';
export { type FeedbackContext, MAX_MESSAGE } from './input.ts';
export type { QueuedSubmission, RetryReason, SendOutcome } from './outbox.ts';
export {
  browserAndOs,
  checkHostContext,
  collectPageContext,
  FORM_METADATA_KEYS,
  type HostContext,
  PAGE_CONTEXT_KEYS,
  PageContextError,
} from './page-context.ts';
export { type Screenshot, ScreenshotError } from './screenshot.ts';
export type { Attachment } from './submission.ts';
export { MAX_SUGGESTIONS, MIN_CHARS, MIN_WORDS, SUGGEST_DELAY_MS, type Suggestion } from './suggestions.ts';
