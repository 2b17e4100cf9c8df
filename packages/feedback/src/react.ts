/**
 * JSX typings of `<hearken-feedback>` for React 19 apps. Add once to a file of your app:
 *
 *   import type {} from '@hearken/feedback/react';
 *
 * React 19 sets a property whenever the element has one, so call `define()` before the first
 * render and pass `strings` as it is. Preact apps need nothing: the package's main entry adds the
 * Preact typings.
 */
import type * as React from 'react';
import type { HearkenFeedbackElement } from './element/element.ts';
import type { HearkenFeedbackProps } from './jsx.ts';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'hearken-feedback': Omit<
        React.DetailedHTMLProps<React.HTMLAttributes<HearkenFeedbackElement>, HearkenFeedbackElement>,
        keyof HearkenFeedbackProps
      > &
        HearkenFeedbackProps;
    }
  }
}
