/**
 * JSX typings of `<hearken-roadmap>` for React hosts. Add once to a file of your app:
 *
 *   import type {} from '@hearken/roadmap/react';
 *
 * (Preact hosts need nothing: importing '@hearken/roadmap' adds the Preact typings.)
 */
import type { HearkenRoadmapAttributes, HearkenRoadmapElement, HearkenRoadmapEventProps } from '@hearken/roadmap';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type RoadmapProps = Omit<DetailedHTMLProps<HTMLAttributes<HearkenRoadmapElement>, HearkenRoadmapElement>, 'style'> &
  Omit<HearkenRoadmapAttributes, 'style' | 'class'> &
  HearkenRoadmapEventProps & { style?: HTMLAttributes<HearkenRoadmapElement>['style'] };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-roadmap': RoadmapProps;
    }
  }
}
