/**
 * @hearken/feedback: the `<hearken-feedback>` element and `mountFeedback`. Importing this
 * module loads only the launcher; the form (Preact, the API client, the theme) loads on demand.
 */
// The Preact JSX typings; declarations drop this import, so the type re-export from jsx.ts below is
// what brings them to a consumer's program.
import './jsx.ts';

export { define, HearkenFeedbackElement } from './element.ts';
export type { FeedbackEventMap, FeedbackEventName } from './events.ts';
export type { HearkenFeedbackAttributes, HearkenFeedbackEventProps, HearkenFeedbackProps } from './jsx.ts';
export { type FeedbackHandle, mountFeedback } from './mount.ts';
export type { FeedbackMode, FeedbackOptions, LauncherPosition, OpenOptions } from './options.ts';
export type { FeedbackMessages } from './strings.ts';
