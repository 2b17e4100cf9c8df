/**
 * @hearken/feedback: the `<hearken-feedback>` element and `mountFeedback`. Importing this
 * module loads only the launcher; the form (Preact, the API client, the theme) loads on demand.
 */
import './jsx.ts';

export { define, HearkenFeedbackElement } from './element.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type { HearkenFeedbackAttributes, HearkenFeedbackEventProps, HearkenFeedbackProps } from './jsx.ts';
export { type FeedbackHandle, mountFeedback } from './mount.ts';
export type { FeedbackMode, FeedbackOptions, LauncherPosition, OpenOptions } from './options.ts';
export type { FeedbackMessages } from './strings.ts';
