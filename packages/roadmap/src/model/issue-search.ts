import type { Issue } from '@hearken/core';
import type { IssueIndex } from '@hearken/ui/search';
import { computed, effect, type ReadonlySignal, type Signal, signal } from '@preact/signals-core';
import { type Group, groupByState } from './grouping.ts';

type Matcher = typeof import('@hearken/ui/search');

/**
 * A search box query is a word or two the reader means, so one word found despite a typo is
 * enough here; the feedback form, which interrupts a writer, needs the matcher's default threshold.
 */
const SEARCH_THRESHOLD = { strength: 0.2 };

export interface IssueSearch {
  /** The query, as typed; set it to search. */
  readonly query: Signal<string>;
  /**
   * The issues matching `query` (all of them when it is blank), in their order: those holding it
   * (case-insensitive) in identifier, title or summary, and those the shared matcher finds close
   * despite typos or other word forms (`rankSimilarIssues`, loaded with the first query).
   */
  readonly matches: ReadonlySignal<readonly Issue[]>;
  /** `matches` grouped by status, in workflow order. */
  readonly groups: ReadonlySignal<readonly Group<Issue>[]>;
}

/**
 * The issues view's search. An issue matches when the query is part of its identifier, title or
 * summary (case-insensitive, at once), or when the matcher the feedback form's suggestions use
 * (`@hearken/ui/search`) finds it close: typos, other forms of a word, words in another order, so
 * both forgive the same mistakes. The matcher loads with the first query, so a reader who never
 * searches never downloads it; until it is in, the substring scan answers alone.
 */
export function createIssueSearch(
  issues: ReadonlySignal<readonly Issue[]>,
  language: ReadonlySignal<string | undefined>,
): IssueSearch & { dispose(): void } {
  const query = signal('');
  const matcher = signal<Matcher | null>(null);
  let requested = false;
  const stopLoading = effect(() => {
    if (requested || !query.value.trim()) return;
    requested = true;
    import('@hearken/ui/search').then(
      (loaded) => {
        matcher.value = loaded;
      },
      () => {
        // A chunk that failed to load is asked for again with the next query.
        requested = false;
      },
    );
  });

  // Each issue's search text, built on the first search and kept, so a keystroke is a substring scan.
  const texts = computed(() =>
    issues.value.map((issue) => `${issue.identifier} ${issue.title} ${issue.summary.join(' ')}`.toLowerCase()),
  );
  // Built once per issue list and language, in slices so typing stays responsive, ranked per keystroke.
  const index = signal<IssueIndex<Issue> | null>(null);
  const stopIndexing = effect(() => {
    const loaded = matcher.value;
    const list = issues.value;
    const options = { language: language.value, threshold: SEARCH_THRESHOLD };
    index.value = null;
    if (!loaded) return undefined;
    let current = true;
    loaded.buildIssueIndex(list, options).then((built) => {
      if (current) index.value = built;
    });
    return () => {
      current = false;
    };
  });
  const matches = computed(() => {
    const all = issues.value;
    const needle = query.value.trim().toLowerCase();
    if (!needle) return all;
    const close = new Set(index.value?.rank(needle, { limit: all.length }).map((found) => found.issue));
    const lower = texts.value;
    return all.filter((issue, i) => close.has(issue) || lower[i]!.includes(needle));
  });

  return {
    query,
    matches,
    groups: computed(() =>
      groupByState(
        matches.value,
        (issue) => issue.status,
        (issue) => issue.title,
      ),
    ),
    dispose() {
      stopLoading();
      stopIndexing();
    },
  };
}
