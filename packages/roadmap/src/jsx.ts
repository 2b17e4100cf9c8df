import type { OptionAttributes } from '@hearken/ui/dom';
import type { HTMLAttributes } from 'preact';
import type { HearkenRoadmapElement } from './element/element.ts';
import type { RoadmapEventMap } from './events.ts';
import type { ROADMAP_OPTIONS } from './options.ts';

/**
 * What a host sets on `<hearken-roadmap>` in markup or JSX: its attributes, and the same settings
 * as properties (React 19 and Preact set a property whenever the element has one, so objects such
 * as `strings` pass as they are). Derived from the option table, {@link ROADMAP_OPTIONS}.
 */
export type HearkenRoadmapAttributes = OptionAttributes<typeof ROADMAP_OPTIONS.fields>;

type Handler<K extends keyof RoadmapEventMap> = (event: CustomEvent<RoadmapEventMap[K]>) => void;

/** Preact and React 19 pass `on<event>` props of custom elements as event listeners. */
export interface HearkenRoadmapEventProps {
  'onhearken:load'?: Handler<'hearken:load'>;
  'onhearken:error'?: Handler<'hearken:error'>;
  'onhearken:upvote'?: Handler<'hearken:upvote'>;
  'onhearken:unread'?: Handler<'hearken:unread'>;
}

/** Everything `<hearken-roadmap>` takes as props, to combine with a framework's own element props. */
export type HearkenRoadmapProps = HearkenRoadmapAttributes & HearkenRoadmapEventProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-roadmap': Omit<HTMLAttributes<HearkenRoadmapElement>, keyof HearkenRoadmapProps> & HearkenRoadmapProps;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'hearken-roadmap': HearkenRoadmapElement;
  }
}
