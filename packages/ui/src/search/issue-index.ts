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
  language?: string;
}

export interface RankOptions {
  /** Most issues returned, best first. Default 5 ({@link DEFAULT_LIMIT}). */
  limit?: number;
}

export interface IssueIndex<T extends SearchableIssue = SearchableIssue> {
  /** The issues matching `draft` above the relevance threshold, best first; none for an unrelated draft. */
  rank(draft: string, options?: RankOptions): RankedIssue<T>[];
}

export const DEFAULT_LIMIT = 5;

/**
 * The relevance threshold: an issue is suggested only when the words it shares with the draft
 * (stop words dropped, stemmed, allowing typos) make up at least this share of the draft's words.
 * A draft sharing one common word with an issue (`export`, `mobile`) among several others is
 * about something else. A share rather than a score, because a score depends on how rare a word
 * is in one workspace's list. Tuned on the labelled drafts (`labelled-drafts.ts`), whose test
 * holds the recall and the unrelated share.
 */
export const MIN_COVERAGE = 0.34;

/**
 * Words of a draft the ranking looks at: the first ones. A draft is at most a message long, and
 * every word is a fuzzy lookup, so a pasted essay must not cost a keystroke more than a sentence.
 */
const MAX_QUERY_WORDS = 24;

const FIELDS = ['title', 'summary', 'description'] as const;

// A typo-tolerant word must be long enough that one or two edits do not make it another word; two
// for six letters and more, since a swap of two letters (`exprot`) is two edits.
const fuzziness = (term: string): number => (term.length >= 6 ? 2 : term.length >= 4 ? 1 : 0);

interface IndexedIssue {
  id: number;
  title: string;
  summary: string;
  description: string;
}

/**
 * Builds the search index of `issues` once, for many drafts (one per keystroke). Issues are
 * indexed by title, summary and description; words are folded (case, diacritics), stemmed and
 * stripped of stop words by the rules of `options.language`.
 */
export function createIssueIndex<T extends SearchableIssue>(
  issues: readonly T[],
  options: IssueIndexOptions = {},
): IssueIndex<T> {
  const rules = languageRules(searchLanguage(options.language));
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  const search = new MiniSearch<IndexedIssue>({
    fields: [...FIELDS],
    processTerm: (word) => processWord(word, rules),
    searchOptions: {
      // `rank` hands over the draft's words already processed, one space apart.
      tokenize: (query) => query.split(' '),
      processTerm: (term) => term,
      boost: { title: 3, summary: 1.5, description: 1 },
      combineWith: 'OR',
      fuzzy: fuzziness,
      // The last word may be half typed.
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
    },
  });
  search.addAll(
    issues.map((issue, id) => ({
      id,
      title: issue.title,
      summary: issue.summary.join('\n'),
      description: issue.description ?? '',
    })),
  );

  return {
    rank(draft, { limit = DEFAULT_LIMIT } = {}) {
      if (typeof draft !== 'string' || !(limit > 0) || issues.length === 0) return [];
      const words = [...new Set(tokenize(draft).flatMap((word) => processWord(word, rules) ?? []))].slice(
        0,
        MAX_QUERY_WORDS,
      );
      if (words.length === 0) return [];
      const needed = Math.max(1, Math.ceil(words.length * MIN_COVERAGE));
      return search
        .search(words.join(' '))
        .filter((result: SearchResult) => result.queryTerms.length >= needed)
        .slice(0, limit)
        .map((result) => ({ issue: issues[result.id as number]!, score: result.score }));
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
  return createIssueIndex(issues, indexOptions).rank(draft, limit === undefined ? {} : { limit });
}
