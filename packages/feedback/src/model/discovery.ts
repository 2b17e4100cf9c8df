import type { Issue } from '@hearken/core';
import { type KeyValueStorage, lazyModule } from '@hearken/ui/dom';
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import type { ResolvedFeedbackOptions } from '../options.ts';
import { type Branding, createBranding } from './branding.ts';
import { issueList } from './issue-list.ts';
import { createSuggestions, type Matcher, type Suggestion, type Suggestions } from './suggestions.ts';
import { createWhatsNew, type WhatsNew } from './whats-new.ts';

/** The matcher, loaded once per page when a user first types. */
const loadMatcher = lazyModule<Matcher>(() => import('@hearken/ui/search'));

/** The options the discovery parts read. */
export type DiscoveryOptions = Pick<ResolvedFeedbackOptions, 'proxy'> &
  Partial<Pick<ResolvedFeedbackOptions, 'apiBase' | 'workspace' | 'fetch' | 'suggest' | 'language'>>;

/** What the discovery parts follow in the form. */
export interface DiscoveryInput {
  options: ReadonlySignal<DiscoveryOptions>;
  storage: ReadonlySignal<KeyValueStorage>;
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
export function createDiscovery({ options, storage, text, exclude, opened, onShown }: DiscoveryInput): Discovery {
  const source = computed(() => ({
    base: options.value.apiBase ?? options.value.proxy,
    workspace: options.value.workspace,
    fetch: options.value.fetch,
  }));
  const branding = createBranding(source);
  const whatsNew = createWhatsNew(
    computed(() => ({
      proxy: options.value.proxy,
      apiBase: options.value.apiBase,
      workspace: options.value.workspace,
      fetch: options.value.fetch,
      storage: storage.value,
    })),
    branding.latestChangelog,
    computed(() => branding.workspace.value?.changelogPublic === false),
  );
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
    whatsNew.dispose,
    branding.dispose,
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
