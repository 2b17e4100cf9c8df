import type { ChangelogEntry, Issue } from '@hearken/core';
import { computed, effect, type ReadonlySignal, signal } from '@preact/signals-core';
import { shippedIn } from './shipped-in.ts';

interface Searchable {
  title: string;
  summary: readonly string[];
  description: string | null;
  identifier?: string;
}

interface IssueIndex<T> {
  rank(draft: string, options?: { limit?: number }): { issue: T; score: number; shared: string[] }[];
}

/**
 * The part of `@hearken/ui/search` the suggestions use: an index built once per issue list, in
 * slices, so a long list never holds up the user's typing.
 */
export interface Matcher {
  buildIssueIndex<T extends Searchable>(issues: readonly T[], options?: { language?: string }): Promise<IssueIndex<T>>;
}

/** Statuses of a request that will not be done (in the tracker's words, any case): never offered. */
export const CANCELED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'cancelled', 'duplicate', "won't do"]);
/** Statuses of a request that shipped (any case): shown as shipped, with its changelog entry, not for votes. */
export const SHIPPED_STATUSES: ReadonlySet<string> = new Set(['done', 'shipped', 'completed', 'released']);
const isIn = (statuses: ReadonlySet<string>, status: string) => statuses.has(status.trim().toLowerCase());

/** One public issue like the draft, as a form shows it. */
export interface Suggestion {
  issue: Issue;
  /** The matcher's relevance: higher is closer, comparable within one draft only. */
  score: number;
  /** Its votes, counting those sent or queued from this page since the list was read. */
  upvotes: number;
  /** The words of its title and summary the draft shares, as the issue writes them: why it matched. */
  shared: readonly string[];
  /** Whether it already shipped: shown as shipped instead of asking for a vote. */
  shipped: boolean;
  /** The published changelog entry that announced it, when one of the newest ships it (see `shippedIn`). */
  entry: ChangelogEntry | null;
}

/** Most suggestions shown. */
export const MAX_SUGGESTIONS = 5;
/** Pause after the last keystroke before suggesting. */
export const SUGGEST_DELAY_MS = 300;
/** A draft of this many characters, or of {@link MIN_WORDS} words, is enough to suggest from. */
export const MIN_CHARS = 12;
export const MIN_WORDS = 3;

/** Whether a draft says enough to look for similar requests. */
export function saysEnough(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= MIN_CHARS || trimmed.split(/\s+/).length >= MIN_WORDS;
}

export interface SuggestionsInput {
  text: ReadonlySignal<string>;
  issues: ReadonlySignal<readonly Issue[] | null>;
  /** The issue the form is about, never suggested to itself. */
  exclude: ReadonlySignal<string | undefined>;
  enabled: ReadonlySignal<boolean>;
  language: ReadonlySignal<string | undefined>;
  /** The newest published changelog entries, where a shipped request's announcement is looked up. */
  entries: ReadonlySignal<readonly ChangelogEntry[]>;
  /** Loads the matcher; called when the user starts typing, not before. */
  loadMatcher: () => Promise<Matcher>;
  /** Called when the suggestions shown change (other issues, or none any more). */
  onShown: (shown: readonly Suggestion[]) => void;
}

export interface Suggestions {
  readonly items: ReadonlySignal<readonly Suggestion[]>;
  /** Counts a vote for `issueId` (`-1` takes back one the service refused). */
  count(issueId: string, change: 1 | -1): void;
  /** The votes of `issue`, with those counted from this page. */
  upvotes(issue: Issue): number;
  dispose(): void;
}

/**
 * The public issues most like the draft, after a pause in typing, once it says enough. The
 * matcher loads at the first keystroke; its index is built once per issue list and language, and
 * each pause ranks the draft against it.
 */
export function createSuggestions(input: SuggestionsInput): Suggestions {
  type Ranked = Omit<Suggestion, 'upvotes'>;
  const ranked = signal<readonly Ranked[]>([]);
  // Votes from this page, until a fresh list (which counts them) is read.
  const added = signal<ReadonlyMap<string, number>>(new Map());
  let matcher: Promise<Matcher | null> | null = null;
  let built: { issues: readonly Issue[]; language: string | undefined; index: Promise<IssueIndex<Issue>> } | undefined;
  const indexOf = (loaded: Matcher, issues: readonly Issue[], language: string | undefined) => {
    if (built?.issues !== issues || built.language !== language) {
      const offered = issues.filter((issue) => !isIn(CANCELED_STATUSES, issue.status));
      built = { issues, language, index: loaded.buildIssueIndex(offered, language ? { language } : {}) };
    }
    return built.index;
  };
  const upvotes = (issue: Issue) => issue.upvotes + (added.value.get(issue.id) ?? 0);
  const items = computed(() => ranked.value.map((found) => ({ ...found, upvotes: upvotes(found.issue) })));

  const stops = [
    effect(() => {
      void input.issues.value;
      added.value = new Map();
    }),
    effect(() => {
      const text = input.text.value;
      const issues = input.issues.value;
      const exclude = input.exclude.value;
      const language = input.language.value;
      // Read here so the entries, when they come after the draft was ranked, rank it again.
      const entries = input.entries.value;
      if (!input.enabled.value) {
        ranked.value = [];
        return undefined;
      }
      if (text.trim() !== '') {
        // A failed load (offline) is tried again at the next keystroke.
        matcher ??= input.loadMatcher().catch(() => {
          matcher = null;
          return null;
        });
      }
      if (!matcher || !issues || issues.length === 0 || !saysEnough(text)) {
        ranked.value = [];
        return undefined;
      }
      let cancelled = false;
      // The index builds while the user is still typing; the pause then only ranks.
      const index = matcher.then((loaded) => loaded && indexOf(loaded, issues, language));
      const timer = setTimeout(async () => {
        const ready = await index;
        if (cancelled || !ready) return;
        ranked.value = ready
          .rank(text, { limit: MAX_SUGGESTIONS + 1 })
          .filter(({ issue }) => issue.id !== exclude)
          .slice(0, MAX_SUGGESTIONS)
          .map(({ issue, score, shared }) => {
            const shipped = isIn(SHIPPED_STATUSES, issue.status);
            const entry = (shipped && shippedIn(entries, issue.id, issue.title)) || null;
            return { issue, score, shared, shipped, entry };
          });
      }, SUGGEST_DELAY_MS);
      return () => {
        cancelled = true;
        clearTimeout(timer);
      };
    }),
  ];

  let shown = '';
  stops.push(
    effect(() => {
      const list = items.value;
      const ids = list.map(({ issue }) => issue.id).join(' ');
      if (ids === shown) return;
      shown = ids;
      input.onShown(list);
    }),
  );

  return {
    items,
    count(issueId, change) {
      const next = new Map(added.peek());
      next.set(issueId, (next.get(issueId) ?? 0) + change);
      added.value = next;
    },
    upvotes,
    dispose() {
      for (const stop of stops) stop();
    },
  };
}
