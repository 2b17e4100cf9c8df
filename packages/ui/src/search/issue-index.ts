import MiniSearch, { type SearchResult } from 'minisearch';
import { languageRules, processWord, searchLanguage } from './languages.ts';

/**
 * What the matcher reads of an issue: core's portal `Issue` has these fields. Generic so this
 * package needs no API types, and a caller gets back the issue objects it passed in.
 */
export interface SearchableIssue {
  title: string;
  summary: readonly string[];
  description: string | null;
}

/** One issue the matcher found, with its relevance (higher is closer; compare within one draft only). */
export interface RankedIssue<T extends SearchableIssue = SearchableIssue> {
  issue: T;
  score: number;
}

export interface IssueIndexOptions {
  /**
   * Language of the issues and the drafts (a tag such as `de-AT`): it picks the stemmer and the
   * stop words. English, German, French, Spanish and Arabic have rules; any other uses English.
   * Default `en`.
   */
  language?: string | undefined;
  /** The relevance threshold; each part defaults to {@link DEFAULT_THRESHOLD}'s. */
  threshold?: Partial<Threshold> | undefined;
}

/**
 * When an issue is close enough to suggest. Each word of a draft weighs by how rare it is among
 * the issues (1 for a word no issue has, near 0 for one nearly all have), and a word matched only
 * through a typo or as a prefix counts half. An issue is suggested when the words it matches
 * weigh at least `strength` in all and make up at least `coverage` of the draft's weight.
 */
export interface Threshold {
  /** Share of the draft's weight the issue must match, 0 to 1. */
  coverage: number;
  /** Weight the issue must match in all: about one rare word's worth. */
  strength: number;
}

export interface RankOptions {
  /** Most issues returned, best first. Default 5 ({@link DEFAULT_LIMIT}). */
  limit?: number | undefined;
}

export interface IssueIndex<T extends SearchableIssue = SearchableIssue> {
  /** The issues matching `draft` above the relevance threshold, best first; none for an unrelated draft. */
  rank(draft: string, options?: RankOptions): RankedIssue<T>[];
}

export const DEFAULT_LIMIT = 5;

/**
 * The default threshold, tuned on the labelled drafts in `bench/matcher/` (whose test holds the
 * recall and the share of unrelated drafts with suggestions): a draft that shares only a common
 * word or two with an issue (`app`, `notes`, `mobile`) among words of its own is about something
 * else. Shares and weights relative to the list, not scores, so one threshold fits a workspace of
 * 20 issues and one of 2,000.
 */
export const DEFAULT_THRESHOLD: Readonly<Threshold> = { coverage: 0.3, strength: 0.7 };

/**
 * A shorter list is weighed as if it were this long, so a word one issue in three holds still
 * counts as rare, and a workspace with a handful of issues gets suggestions too.
 */
const MIN_LIST_SIZE = 50;

/** What a word matched through a typo or as a prefix counts for, against an exact match. */
const INEXACT_CREDIT = 0.5;

/**
 * Words of a draft the ranking looks at: the first ones. A draft is at most a message long, and
 * every word is a fuzzy lookup, so a pasted essay must not cost a keystroke more than a sentence.
 */
const MAX_QUERY_WORDS = 24;

const FIELDS = ['title', 'summary', 'description'] as const;

// A typo-tolerant word must be long enough that one or two edits do not make it another word
// (`hard` is one from `hand`, `footer` two from `folder`).
const fuzziness = (term: string): number => (term.length >= 7 ? 2 : term.length >= 5 ? 1 : 0);

interface IndexedIssue {
  id: number;
  title: string;
  summary: string;
  description: string;
}

/**
 * Builds the search index of `issues` once, for many drafts (one per keystroke). Issues are
 * indexed by title, summary and description; words are folded (case, diacritics), stemmed and
 * stripped of stop words by the rules of `options.language`. In one task: for a long list in a
 * page the user is typing in, {@link buildIssueIndex} does the same work in slices.
 */
export function createIssueIndex<T extends SearchableIssue>(
  issues: readonly T[],
  options: IssueIndexOptions = {},
): IssueIndex<T> {
  const builder = indexBuilder(issues, options);
  for (const issue of issues) builder.add(issue);
  return builder.finish();
}

/** Longest stretch of indexing {@link buildIssueIndex} runs before it lets the page respond. */
const SLICE_MS = 10;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * {@link createIssueIndex} in slices of a few milliseconds, each its own task, so building the
 * index of a thousand issues never holds the main thread long enough to delay a keystroke.
 */
export async function buildIssueIndex<T extends SearchableIssue>(
  issues: readonly T[],
  options: IssueIndexOptions = {},
): Promise<IssueIndex<T>> {
  const builder = indexBuilder(issues, options);
  let sliceStart = performance.now();
  for (const issue of issues) {
    builder.add(issue);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  await nextTask();
  return builder.finish();
}

function indexBuilder<T extends SearchableIssue>(issues: readonly T[], options: IssueIndexOptions) {
  const rules = languageRules(searchLanguage(options.language));
  const threshold = { ...DEFAULT_THRESHOLD, ...options.threshold };
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  // Issues repeat their words, and stemming is most of the build: each word is processed once.
  const processed = new Map<string, string | null>();
  const process = (word: string) => {
    let term = processed.get(word);
    if (term === undefined) {
      term = processWord(word, rules);
      processed.set(word, term);
    }
    return term ?? [];
  };
  const analyse = (text: string) => tokenize(text).flatMap(process);

  const search = new MiniSearch<IndexedIssue>({
    fields: [...FIELDS],
    // Words arrive processed, one space apart.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: {
      boost: { title: 3, summary: 1.5, description: 1 },
      combineWith: 'OR',
      fuzzy: fuzziness,
      // The last word may be half typed.
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
    },
  });
  // How many issues hold each word, for its rarity.
  const holders = new Map<string, number>();
  let added = 0;

  return {
    add(issue: T) {
      const fields = {
        title: analyse(issue.title),
        summary: analyse(issue.summary.join('\n')),
        description: analyse(issue.description ?? ''),
      };
      for (const term of new Set([...fields.title, ...fields.summary, ...fields.description])) {
        holders.set(term, (holders.get(term) ?? 0) + 1);
      }
      search.add({
        id: added++,
        title: fields.title.join(' '),
        summary: fields.summary.join(' '),
        description: fields.description.join(' '),
      });
    },
    finish(): IssueIndex<T> {
      const size = Math.max(issues.length, MIN_LIST_SIZE);
      const idf = (held: number) => Math.log(1 + (size - held + 0.5) / (held + 0.5));
      const rarity = (term: string) => idf(holders.get(term) ?? 0) / idf(0);
      const relevant = (result: SearchResult, total: number) => {
        const exact = new Set(result.terms);
        let matched = 0;
        for (const term of result.queryTerms) matched += rarity(term) * (exact.has(term) ? 1 : INEXACT_CREDIT);
        return matched >= threshold.strength && matched >= threshold.coverage * total;
      };
      return {
        rank(draft, { limit = DEFAULT_LIMIT } = {}) {
          if (typeof draft !== 'string' || !(limit > 0) || issues.length === 0) return [];
          const words = [...new Set(analyse(draft))].slice(0, MAX_QUERY_WORDS);
          if (words.length === 0) return [];
          const total = words.reduce((sum, word) => sum + rarity(word), 0);
          return search
            .search(words.join(' '))
            .filter((result) => relevant(result, total))
            .slice(0, limit)
            .map((result) => ({ issue: issues[result.id as number]!, score: result.score }));
        },
      };
    },
  };
}

/**
 * The issues of `issues` most like `draft`, best first, at most `options.limit` (default 5), and
 * none when no issue clears the relevance threshold. Typos, word order, case, diacritics and stop
 * words do not matter; words are stemmed by the rules of `options.language` (default English).
 * Builds an index each call: to rank many drafts against one list, use {@link createIssueIndex}.
 */
export function rankSimilarIssues<T extends SearchableIssue>(
  draft: string,
  issues: readonly T[],
  options: IssueIndexOptions & RankOptions = {},
): RankedIssue<T>[] {
  const { limit, ...indexOptions } = options;
  return createIssueIndex(issues, indexOptions).rank(draft, { limit });
}
