/**
 * @hearken/feedback: the `<hearken-feedback>` element and `mountFeedback`. Nothing is registered
 * on import; call `define()`. This entry is the eager element only (its options and the
 * launcher): the headless model, Preact, the form and the API client load on demand. The headless
 * model is `@hearken/feedback/model`.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define } from './element/define.ts';
export { HearkenFeedbackElement } from './element/element.ts';
export { type FeedbackHandle, mountFeedback } from './element/mount.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type { HearkenFeedbackAttributes, HearkenFeedbackEventProps, HearkenFeedbackProps } from './jsx.ts';
export {
  type AnnounceMode,
  type ContextUrlMode,
  FEEDBACK_OPTIONS,
  type FeedbackAttributeName,
  type FeedbackMode,
  type FeedbackOptions,
  type HostContext,
  type LauncherPosition,
  type OpenOptions,
  type ResolvedFeedbackOptions,
  type ScreenshotsMode,
  type SuggestMode,
} from './options.ts';
export type { ScreenshotMessages } from './screenshot/strings.ts';
export type { FeedbackMessages } from './strings.ts';
