import type { Issue } from '@hearken/core';
import { lazyModule } from '@hearken/ui/dom';
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { ResolvedFeedbackOptions } from '../options.ts';
import type { Branding } from './branding.ts';
import { issueList } from './issue-list.ts';
import type { LauncherParts } from './launcher-parts.ts';
import { createSuggestions, type Matcher, type Suggestion, type Suggestions } from './suggestions.ts';
import type { WhatsNew } from './whats-new.ts';

/** The matcher, loaded once per page when a user first types. */
const loadMatcher = lazyModule<Matcher>(() => import('@hearken/ui/search'));

/** The options the discovery parts read. */
export type DiscoveryOptions = Pick<ResolvedFeedbackOptions, 'proxy'> &
  Partial<Pick<ResolvedFeedbackOptions, 'apiBase' | 'workspace' | 'fetch' | 'suggest' | 'language'>>;

/** What the discovery parts follow in the form. */
export interface DiscoveryInput {
  options: ReadonlySignal<DiscoveryOptions>;
  /** The branding and the newest changelog entries, made with the launcher (whose owner stops them). */
  launcher: Pick<LauncherParts, 'branding' | 'whatsNew'>;
  /** The draft's message, which suggestions are like. */
  text: ReadonlySignal<string>;
  /** The issue the form is about, never suggested. */
  exclude: ReadonlySignal<string | undefined>;
  /** Whether the form is open: each opening reads the issue list again. */
  opened: ReadonlySignal<boolean>;
  /** Hears each list of suggestions shown. */
  onShown(shown: readonly Suggestion[]): void;
}

/** What the form shows beside the draft: the workspace's branding, similar issues, what's new. */
export interface Discovery {
  branding: Branding;
  whatsNew: WhatsNew;
  suggestions: Suggestions;
  /** The workspace's public issue `id`, if the list read has it. */
  issue(id: string): Issue | undefined;
  /** The user typed: a form never opened reads the issue list once now. */
  typed(): void;
  dispose(): void;
}

/** The discovery parts of one form, each reading through the proxy (or `apiBase`). */
export function createDiscovery({ options, launcher, text, exclude, opened, onShown }: DiscoveryInput): Discovery {
  const source = computed(() => ({
    base: options.value.apiBase ?? options.value.proxy,
    workspace: options.value.workspace,
    fetch: options.value.fetch,
  }));
  const { branding, whatsNew } = launcher;
  const suggestOn = computed(() => options.value.suggest !== false);
  const language = computed(() => options.value.language);
  const issues = computed(() => {
    const { base, workspace, fetch } = source.value;
    return suggestOn.value && base && workspace
      ? issueList({ base, workspace, language: language.value, fetch })
      : null;
  });
  // The list is read when the form opens (or, for a form never opened, at the first keystroke).
  const wanted = signal(false);
  const suggestions = createSuggestions({
    text,
    issues: computed(() => issues.value?.issues.value ?? null),
    exclude,
    enabled: suggestOn,
    language,
    entries: whatsNew.entries,
    loadMatcher,
    onShown,
  });
  const stops = [
    suggestions.dispose,
    // Each opening revalidates the list; a form never opened reads it once, at its first keystroke.
    effect(() => {
      const list = issues.value;
      if (opened.value || (wanted.value && !list?.issues.peek())) void list?.refresh();
    }),
  ];
  return {
    branding,
    whatsNew,
    suggestions,
    issue: (id) =>
      issues
        .peek()
        ?.issues.peek()
        ?.find((candidate) => candidate.id === id),
    typed() {
      wanted.value = true;
    },
    dispose() {
      for (const stop of stops) stop();
    },
  };
}
