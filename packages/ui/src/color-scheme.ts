import { type ReadonlySignal, signal } from '@preact/signals-core';

const QUERY = '(prefers-color-scheme: dark)';

const query = (): MediaQueryList | undefined => (typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined);

let list: MediaQueryList | undefined;
const onChange = (event: MediaQueryListEvent) => {
  dark.value = event.matches;
};

const dark = signal(query()?.matches ?? false, {
  // Listens only while something reads it (a themed root in `auto` mode), and reads the
  // preference afresh when that starts, since it may have changed meanwhile.
  watched() {
    list = query();
    this.value = list?.matches ?? false;
    list?.addEventListener('change', onChange);
  },
  unwatched() {
    list?.removeEventListener('change', onChange);
    list = undefined;
  },
});

/**
 * Whether the reader prefers a dark colour scheme (`prefers-color-scheme`; false where unknown), as
 * a signal that follows changes while a component or effect reads it.
 */
export const prefersDark: ReadonlySignal<boolean> = dark;
