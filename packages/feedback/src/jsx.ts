import type { HTMLAttributes } from 'preact';
import type { HearkenFeedbackElement } from './element/element.ts';
import type { FeedbackEventMap } from './events.ts';
import type {
  AnnounceMode,
  ContextUrlMode,
  FeedbackMode,
  FeedbackOptions,
  HostContext,
  LauncherPosition,
  ScreenshotsMode,
  SuggestMode,
} from './options.ts';

/**
 * What a host sets on `<hearken-feedback>` in markup or JSX: its attributes, and the same settings
 * as properties (React 19 and Preact set a property whenever the element has one, so objects such
 * as `strings` pass as they are).
 */
export interface HearkenFeedbackAttributes {
  proxy?: string;
  mode?: FeedbackMode;
  position?: LauncherPosition;
  workspace?: string;
  'api-base'?: string;
  apiBase?: string;
  theme?: 'auto' | 'light' | 'dark';
  language?: string;
  'project-id'?: string;
  projectId?: string;
  'issue-id'?: string;
  issueId?: string;
  'context-title'?: string;
  contextTitle?: string;
  'identity-token'?: string;
  identityToken?: string;
  announce?: AnnounceMode;
  'changelog-url'?: string;
  changelogUrl?: string;
  nonce?: string;
  /** `off` shows no similar issues while the user types. */
  suggest?: SuggestMode;
  /** The host's page context entries (property), or `off` (attribute or property) to send none. */
  context?: HostContext;
  /** `full` keeps the page URL's query string and fragment in the page context. */
  'context-url'?: ContextUrlMode;
  contextUrl?: ContextUrlMode;
  /** `on` offers a screenshot (the key proxy must take messages). */
  screenshots?: ScreenshotsMode;
  /** Replacement strings (property only). */
  strings?: FeedbackOptions['strings'];
}

type Handler<K extends keyof FeedbackEventMap> = (event: CustomEvent<FeedbackEventMap[K]>) => void;

/** Preact and React 19 pass `on<event>` props of custom elements as event listeners. */
export type HearkenFeedbackEventProps = { [K in keyof FeedbackEventMap as `on${K}`]?: Handler<K> };

/** Everything `<hearken-feedback>` takes as props, to combine with a framework's own element props. */
export type HearkenFeedbackProps = HearkenFeedbackAttributes & HearkenFeedbackEventProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-feedback': Omit<HTMLAttributes<HearkenFeedbackElement>, keyof HearkenFeedbackProps> &
        HearkenFeedbackProps;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'hearken-feedback': HearkenFeedbackElement;
  }
}
