import type { OptionAttributes } from '@hearken/ui/dom';
import type { HTMLAttributes } from 'preact';
import type { HearkenFeedbackElement } from './element/element.ts';
import type { FeedbackEventMap } from './events.ts';
import type { FEEDBACK_OPTIONS } from './options.ts';

/**
 * What a host sets on `<hearken-feedback>` in markup or JSX: its attributes, and the same settings
 * as properties (React 19 and Preact set a property whenever the element has one, so objects such
 * as `strings` pass as they are). Derived from the option table, {@link FEEDBACK_OPTIONS}.
 */
export type HearkenFeedbackAttributes = OptionAttributes<typeof FEEDBACK_OPTIONS.fields>;

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
