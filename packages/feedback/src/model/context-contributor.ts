import type { ThreadMetadata } from '@hearken/core';
import { computed, effect, type ReadonlySignal, signal, untracked } from '@preact/signals-core';
import type { HostContext } from '../options.ts';
import type { SubmissionContributor } from './contributor.ts';
import { checkHostContext, collectPageContext, type PageContextError } from './page-context.ts';

/** The page context as a contributor to a submission: what it adds as the thread's `metadata`. */
export interface PageContextContributor extends SubmissionContributor {
  /** What goes with the next submission, read again at start, at each opening and when the host changes it. */
  readonly entries: ReadonlySignal<ThreadMetadata>;
  /** Whether the user keeps it with the next submission; true until they remove it (false until they tick it with `ask`). */
  readonly included: ReadonlySignal<boolean>;
  include(included: boolean): void;
  /** Reads the page again (it may have changed) and returns what goes: `{}` once the user removed it. */
  metadata(): ThreadMetadata;
  dispose(): void;
}

export interface PageContextSource {
  /** The host's entries, `off`, or `ask`. */
  host: ReadonlySignal<HostContext | undefined>;
  /** Keep the page URL's query string and fragment. */
  fullUrl: ReadonlySignal<boolean>;
  /** Whether the form is open: each opening reads the page again. */
  opened: ReadonlySignal<boolean>;
  /** Hears each host entry the metadata's limits refuse, once per change. */
  onRefused(error: PageContextError): void;
}

function sameEntries(a: ThreadMetadata, b: ThreadMetadata): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The page context (the page's own entries and the host's) that goes with each submission. */
export function createPageContextContributor({
  host,
  fullUrl,
  opened,
  onRefused,
}: PageContextSource): PageContextContributor {
  const hostEntries = computed(() => {
    const entries = host.value;
    return typeof entries === 'string' || !entries ? { accepted: {}, errors: [] } : checkHostContext(entries);
  });
  const asks = computed(() => host.value === 'ask');
  const entries = signal<ThreadMetadata>({});
  const included = signal(!asks.peek());

  function read(): ThreadMetadata {
    const next =
      host.peek() === 'off'
        ? {}
        : { ...collectPageContext({ fullUrl: fullUrl.peek() }), ...hostEntries.peek().accepted };
    if (!sameEntries(next, entries.peek())) entries.value = next;
    return next;
  }

  const stops = [
    // A host context the metadata's limits refuse is the host's to fix: say which key, once per change.
    effect(() => {
      for (const error of hostEntries.value.errors) {
        console.warn(`[hearken] ${error.message}`);
        untracked(() => onRefused(error));
      }
    }),
    // The host asking or not decides again whether the context is ticked before the user says.
    effect(() => {
      const ask = asks.value;
      untracked(() => {
        included.value = !ask;
      });
    }),
    // Read at start, at each opening and when the host changes it: what the form shows is what goes.
    effect(() => {
      void opened.value;
      void host.value;
      void fullUrl.value;
      untracked(read);
    }),
  ];

  return {
    entries,
    included,
    include(value) {
      included.value = value;
    },
    metadata() {
      const next = read();
      return included.peek() ? next : {};
    },
    attachments: () => [],
    queued() {
      // Asked for each submission: the next one starts unticked again.
      if (asks.peek()) included.value = false;
    },
    dispose() {
      for (const stop of stops) stop();
    },
  };
}
