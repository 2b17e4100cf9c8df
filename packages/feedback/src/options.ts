import type { ThemeMode } from '@hearken/ui';
import type { KeyValueStorage } from '@hearken/ui/dom';

export type { OpenOptions } from './model/feedback-model.ts';
export type { HostContext } from './model/page-context.ts';

import type { HostContext } from './model/page-context.ts';

import type { ScreenshotMessages } from './screenshot/strings.ts';
import type { FeedbackMessages } from './strings.ts';

export type FeedbackMode = 'launcher' | 'inline';
/** Whether the form suggests similar public issues to vote for: `on` (the default) or `off`. */
export type SuggestMode = 'on' | 'off';
/** Whether the form offers to add a screenshot: `off` (the default) until the key proxy takes messages. */
export type ScreenshotsMode = 'on' | 'off';
/** How much of the page URL the page context keeps: `path` (the default: no query string, no fragment) or `full`. */
export type ContextUrlMode = 'path' | 'full';
export type LauncherPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
/** How the launcher tells about changelog entries the reader has not seen. */
export type AnnounceMode = 'off' | 'badge' | 'popup';

/** Options of {@link mountFeedback}; the element sets them from its attributes. */
export interface FeedbackOptions {
  /** URL of the key proxy (`@hearken/proxy`) that accepts the feedback. Required. */
  proxy: string;
  /** `launcher` (a floating button opening a dialog, the default) or `inline` (the form in place). */
  mode?: FeedbackMode | undefined;
  /** Workspace id: its branding colours theme the widget. */
  workspace?: string | undefined;
  /** Where the public workspace read goes for branding; default the proxy (with its portal reads on). */
  apiBase?: string | undefined;
  /** `auto` follows the reader's colour scheme; `light`/`dark` force one; unset uses the workspace's choice. */
  theme?: ThemeMode | undefined;
  /** Language of the widget's strings (en built in; de, fr, es, ar loaded on demand). */
  language?: string | undefined;
  /** The project or issue the feedback is about. */
  projectId?: string | undefined;
  issueId?: string | undefined;
  /**
   * How the form names that project or issue, e.g. `ENG-12 Export to CSV` or a project's name.
   * Without it the form says "this issue" or "this project": ids are not for people.
   */
  contextTitle?: string | undefined;
  /**
   * `on` (the default): while the user types, the form shows up to five of the workspace's public
   * issues like the message (read from `apiBase`, else the proxy's portal mode), each with a
   * "Vote for this" button; `off` shows none. Needs `workspace`.
   */
  suggest?: SuggestMode | undefined;
  /**
   * What goes with each submission as the thread's `metadata`, besides the form's own page
   * context (page URL and title, language, time zone, viewport, browser, OS): string values such
   * as `{ app_version: '4.2.0' }`, under the metadata's limits (a refused key is reported as a
   * `hearken:error` naming it, and left out); or `off` to send no context at all. The form shows
   * what goes and lets the user remove it.
   */
  context?: HostContext | undefined;
  /** `full` keeps the page URL's query string and fragment in the page context; `path` (the default) drops them. */
  contextUrl?: ContextUrlMode | undefined;
  /**
   * `on`: the form offers "Add a screenshot" (capture this tab, or choose, paste or drop an image),
   * sent as a message on the new thread; needs a proxy with messages on (its key has
   * `messages:write`). Default `off`.
   */
  screenshots?: ScreenshotsMode | undefined;
  /** Short-lived token from the host's backend naming the signed-in user; hides the email and name fields. */
  identityToken?: string | undefined;
  /** Corner of the launcher button. Default `bottom-right`. */
  position?: LauncherPosition | undefined;
  /**
   * How the launcher tells about published changelog entries the reader has not seen: `badge`
   * (default) an unread count on the launcher, `popup` the count and a small card about the newest
   * entry (once per entry per browser), `off` neither (the `hearken:unread` event still fires).
   * Needs `workspace`.
   */
  announce?: AnnounceMode | undefined;
  /** The host's full changelog page, linked from the dialog's "What's new" part and the popup. */
  changelogUrl?: string | undefined;
  /** Replaces any of the widget's strings. */
  strings?: Partial<FeedbackMessages & ScreenshotMessages> | undefined;
  /** CSP nonce for the `<style>` fallback where constructable stylesheets are missing. */
  nonce?: string | undefined;
  /** Fetch used for every request (instrumentation, tests). */
  fetch?: typeof fetch | undefined;
  /** Where the draft and the offline queue are kept (see {@link KeyValueStorage}). */
  storage?: KeyValueStorage | null | undefined;
}

const POSITIONS: readonly string[] = ['bottom-right', 'bottom-left', 'top-right', 'top-left'];

export function parsePosition(value: string | null | undefined): LauncherPosition {
  return value && POSITIONS.includes(value) ? (value as LauncherPosition) : 'bottom-right';
}

export function parseAnnounce(value: string | null | undefined): AnnounceMode {
  return value === 'off' || value === 'popup' ? value : 'badge';
}

export function parseScreenshots(value: string | null | undefined): ScreenshotsMode {
  return value === 'on' || value === '' ? 'on' : 'off';
}

export function parseMode(value: string | null | undefined): FeedbackMode {
  return value === 'inline' ? 'inline' : 'launcher';
}
