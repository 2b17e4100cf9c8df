import type { ThemeMode } from '@hearken/ui';
import {
  defineOptions,
  flag,
  type KeyValueStorage,
  native,
  type OptionAttributeName,
  type OptionsInput,
  type OptionsOf,
  oneOf,
  property,
  text,
} from '@hearken/ui/dom';
import type { FeedbackMessages } from './locales/en.ts';
import type { ScreenshotMessages } from './screenshot/locales/en.ts';

/**
 * What a host adds to the page context (string values, under the thread metadata's limits), `off`
 * to send no context at all, or `ask` to offer the form's own context unticked: it goes only once
 * the user ticks it.
 */
export type HostContext = Readonly<Record<string, string>> | 'off' | 'ask';

/** The kinds of feedback `kind="on"` offers; each has its words in every locale (`kind_bug`...). */
export const FEEDBACK_KINDS = ['bug', 'idea', 'question'] as const;

/**
 * The kinds an attribute names: `on` the built-in ones, `off` or nothing none, else the host's own
 * comma-separated list (e.g. `bug,idea,billing`; the built-in names keep their translated words).
 */
export function parseKinds(value: string): readonly string[] {
  const trimmed = value.trim();
  if (trimmed === 'on') return FEEDBACK_KINDS;
  if (trimmed === 'off') return [];
  return [...new Set(trimmed.split(',').map((kind) => kind.trim()))].filter(Boolean);
}

/** What `open()` may preset. */
export interface OpenOptions {
  projectId?: string | undefined;
  issueId?: string | undefined;
  /**
   * How the form names the project or issue, e.g. `ENG-12 Export to CSV`. When the request names a
   * project or issue, only its own title counts; otherwise the options' context title does.
   */
  contextTitle?: string | undefined;
  /** Text to start the message with (kept only if the draft is empty). */
  text?: string | undefined;
}

const MODES = ['launcher', 'inline'] as const;
const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
const ANNOUNCE = ['badge', 'popup', 'off'] as const;
const CONTEXT_URLS = ['path', 'full'] as const;

/**
 * Every option of `<hearken-feedback>` and {@link mountFeedback}, declared once: the element's
 * attributes and properties, the shell's signals, the model's options and the JSX typings are
 * derived from it (README's options table is held to it by a test).
 */
export const FEEDBACK_OPTIONS = defineOptions({
  /** URL of the key proxy (`@hearken/proxy`) that accepts the feedback. Required. */
  proxy: text({ required: true }),
  /** `launcher` (a floating button opening a dialog, the default) or `inline` (the form in place). */
  mode: oneOf(MODES, 'launcher'),
  /** Corner of the launcher button. Default `bottom-right`. */
  position: oneOf(POSITIONS, 'bottom-right'),
  /** Workspace id: its branding colours theme the widget. */
  workspace: text(),
  /** Where the public workspace read goes for branding; default the proxy (with its portal reads on). */
  apiBase: text(),
  /** `auto` follows the reader's colour scheme; `light`/`dark` force one; unset uses the workspace's choice. */
  theme: oneOf<ThemeMode>(['auto', 'light', 'dark']),
  /** Language of the widget's strings (en built in; de, fr, es, ar loaded on demand). */
  language: text(),
  /** The project the feedback is about. */
  projectId: text(),
  /** The issue the feedback is about. */
  issueId: text(),
  /**
   * How the form names that project or issue, e.g. `ENG-12 Export to CSV` or a project's name.
   * Without it the form says "this issue" or "this project": ids are not for people.
   */
  contextTitle: text(),
  /** Short-lived token from the host's backend naming the signed-in user; hides the email and name fields. */
  identityToken: text(),
  /**
   * `on` (the default): while the user types, the form shows up to five of the workspace's public
   * issues like the message (read from `apiBase`, else the proxy's portal mode), each with a
   * "Vote for this" button; `off` shows none. Needs `workspace`.
   */
  suggest: flag(true),
  /**
   * How the launcher tells about published changelog entries the reader has not seen: `badge`
   * (default) an unread count on the launcher, `popup` the count and a small card about the newest
   * entry (once per entry per browser), `off` neither (the `hearken:unread` event still fires).
   * Needs `workspace`.
   */
  announce: oneOf(ANNOUNCE, 'badge'),
  /** The host's full changelog page, linked from the dialog's "What's new" part and the popup. */
  changelogUrl: text(),
  /**
   * What goes with each submission as the thread's `metadata`, besides the form's own page
   * context (page URL and title, language, time zone, viewport, browser, OS): string values such
   * as `{ app_version: '4.2.0' }`, under the metadata's limits (a refused key is reported as a
   * `hearken:error` naming it, and left out); or `off` (attribute or property) to send no context
   * at all, or `ask` to send the form's own context only once the user ticks it (unticked until
   * then, for every submission). The form shows what goes and lets the user remove it.
   */
  context: property<HostContext>((value) => (value === 'off' || value === 'ask' ? value : undefined)),
  /** `full` keeps the page URL's query string and fragment in the page context; `path` (the default) drops them. */
  contextUrl: oneOf(CONTEXT_URLS, 'path'),
  /**
   * `on`: the form offers "Add a screenshot" (capture this tab, or choose, paste or drop an image),
   * sent as a message on the new thread; needs a proxy with messages on (its key has
   * `messages:write`). Default `off`.
   */
  screenshots: flag(false),
  /**
   * The kinds of feedback the user picks from (one at most, as chips), sent as the thread's
   * metadata `kind`: `on` for bug, idea and question, a comma-separated list of the host's own
   * (attribute) or an array (property); `off` (the default) offers none.
   */
  kind: property<readonly string[]>(parseKinds),
  /**
   * The host's privacy page, linked beside what the form sends (may be relative); without it the
   * form shows no such link.
   */
  privacyUrl: text(),
  /** CSP nonce for the `<style>` fallback where constructable stylesheets are missing. */
  nonce: native(),
  /** Replaces any of the widget's strings (property only). */
  strings: property<Partial<FeedbackMessages & ScreenshotMessages>>(),
  /** Fetch used for every request (instrumentation, tests; property only). */
  fetch: property<typeof fetch>(),
  /** Where the draft and the offline queue are kept (see {@link KeyValueStorage}; property only). */
  storage: property<KeyValueStorage | null>(),
});

type Fields = typeof FEEDBACK_OPTIONS.fields;

/** Options of {@link mountFeedback}; the element sets them from its attributes and properties. */
export type FeedbackOptions = OptionsInput<Fields>;
/** The options parsed, defaults applied: what the shell's signals hold and the model reads. */
export type ResolvedFeedbackOptions = OptionsOf<Fields>;

/** The attribute of a feedback option, e.g. `api-base` for `apiBase`. */
export type FeedbackAttributeName<K extends keyof Fields> = OptionAttributeName<Fields, K>;

export type FeedbackMode = (typeof MODES)[number];
export type LauncherPosition = (typeof POSITIONS)[number];
/** How the launcher tells about changelog entries the reader has not seen. */
export type AnnounceMode = (typeof ANNOUNCE)[number];
/** How much of the page URL the page context keeps: `path` (the default: no query string, no fragment) or `full`. */
export type ContextUrlMode = (typeof CONTEXT_URLS)[number];
/** Whether the form suggests similar public issues to vote for: `on` (the default) or `off`. */
export type SuggestMode = 'on' | 'off';
/** Whether the form offers to add a screenshot: `off` (the default) until the key proxy takes messages. */
export type ScreenshotsMode = 'on' | 'off';
