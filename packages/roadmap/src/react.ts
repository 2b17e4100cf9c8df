/**
 * JSX typings of `<hearken-roadmap>` for React 19 apps. Add once to a file of your app:
 *
 *   import type {} from '@hearken/roadmap/react';
 *
 * React 19 sets a property whenever the element has one, so call `define()` before the first
 * render and pass `strings` or `apiBase` as they are. Preact apps need nothing: the package's
 * main entry adds the Preact typings.
 */
import type * as React from 'react';
import type { HearkenRoadmapElement } from './element/element.ts';
import type { HearkenRoadmapProps } from './jsx.ts';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-roadmap': Omit<
        React.DetailedHTMLProps<React.HTMLAttributes<HearkenRoadmapElement>, HearkenRoadmapElement>,
        keyof HearkenRoadmapProps
      > &
        HearkenRoadmapProps;
    }
  }
}
