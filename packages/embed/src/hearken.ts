/**
 * The script-tag module: `<script type="module" src=".../hearken.js">`. Registers
 * `<hearken-roadmap>` and `<hearken-feedback>` lazily (each element's code loads when one appears;
 * Preact, the client and the theme code are shared chunks) and takes over the snippet's queue.
 */
import { startEarlyReads } from '@hearken/roadmap/early-reads';
import { createHearken } from './commands.ts';
import { watchElements } from './lazy-elements.ts';
import { adoptQueue } from './queue.ts';

const elements = watchElements({
  // A roadmap's data is asked for as soon as its tag is seen, beside its code, not after it; a
  // microtask later, so the elements' code (the launcher's too) is asked for first.
  'hearken-roadmap': () => {
    queueMicrotask(() => {
      for (const element of document.getElementsByTagName('hearken-roadmap')) startEarlyReads(element as HTMLElement);
    });
    return import('./elements/roadmap.ts').then(({ define }) => define());
  },
  'hearken-feedback': () => import('./elements/feedback.ts').then(({ define }) => define()),
});

export const Hearken = adoptQueue(window, createHearken(elements));
