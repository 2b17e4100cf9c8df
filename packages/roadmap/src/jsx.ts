import type { HearkenRoadmapElement } from './element.ts';
import type { RoadmapEventMap } from './events.ts';
import type { RoadmapView } from './options.ts';

/** Attributes of `<hearken-roadmap>` as written in markup or JSX. */
export interface HearkenRoadmapAttributes {
  workspace?: string;
  'api-base'?: string;
  view?: RoadmapView;
  theme?: 'auto' | 'light' | 'dark';
  language?: string;
  proxy?: string;
  nonce?: string;
  id?: string;
  class?: string;
  className?: string;
  slot?: string;
  hidden?: boolean;
  style?: string | Record<string, string | number>;
}

type Handler<K extends keyof RoadmapEventMap> = (event: CustomEvent<RoadmapEventMap[K]>) => void;

/** Preact (and React 19) pass `on<event>` props of custom elements as event listeners. */
export interface HearkenRoadmapEventProps {
  'onhearken:load'?: Handler<'hearken:load'>;
  'onhearken:error'?: Handler<'hearken:error'>;
  'onhearken:upvote'?: Handler<'hearken:upvote'>;
}

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-roadmap': HearkenRoadmapAttributes &
        HearkenRoadmapEventProps & { ref?: import('preact').Ref<HearkenRoadmapElement>; children?: never };
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'hearken-roadmap': HearkenRoadmapElement;
  }
}
