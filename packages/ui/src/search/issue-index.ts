import MiniSearch from 'minisearch';
import { analyse, analyseWords, joined, type Unit } from './analyse.ts';
import { type Compounds, compoundsOf } from './compounds.ts';
import { loadSearchLanguage, type SearchRules } from './languages.ts';

/**
 * What the matcher reads of an issue: core's portal `Issue` has these fields. Generic so this
 * package needs no API types, and a caller gets back the issue objects it passed in.
 */
export interface SearchableIssue {
  title: string;
  summary: readonly string[];
  description: string | null;
  /** The host's identifier (`ACME-208`): its letters name the workspace, a word every issue shares. */
  identifier?: string | undefined;
}

/** One issue the matcher found, with its relevance (higher is closer; compare within one draft only). */
export interface RankedIssue<T extends SearchableIssue = SearchableIssue> {
  issue: T;
  score: number;
  /**
   * The words of the issue's title and summary the draft shares (in its own or other forms, or
   * as a synonym), as the issue writes them, first to last: why it matched, to highlight.
   */
  shared: string[];
}

export interface IssueIndexOptions {
  /**
   * Language of the issues and the drafts (a tag such as `de-AT`): it picks the stemmer, the stop
   * words and the synonyms, loaded for that language only. English, German, French, Spanish and
   * Arabic have rules; any other uses English. Default `en`.
   */
  language?: string | undefined;
  /** The relevance threshold; each part defaults to {@link DEFAULT_THRESHOLD}'s. */
  threshold?: Partial<Threshold> | undefined;
  /**
   * Words every issue shares though few write them (the product's and the workspace's names):
   * they carry no weight. The letters of the issues' identifiers always count among them.
   */
  commonWords?: readonly string[] | undefined;
}

/**
 * When an issue is close enough to suggest. Each word weighs by how rare it is among the issues
 * (1 for a word no issue has, near 0 for one nearly all have), and a word matched only through a
 * typo, a prefix or a compound's part counts half. An issue is suggested when the draft holds at
 * least `coverage` of the weight of its title or of one of its summary lines, whatever else the
 * draft says (or, for a short draft, the issue holds that share of the draft's weight), and the
 * words it shares with the issue weigh at least `strength` in all.
 */
export interface Threshold {
  /** Share of the weight of the issue's title or of one summary line the draft holds (or of the draft the issue holds), 0 to 1. */
  coverage: number;
  /** Weight the draft must share with the issue in all: about half a rare word's worth. */
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
 * The default threshold, tuned on the tuning half of the inbox drafts in `bench/matcher/` (whose
 * test holds the held-out half's recall and share of unrelated drafts with suggestions). Shares
 * and weights relative to the list, not scores, so one threshold fits a workspace of 20 issues and
 * one of 2,000.
 */
export const DEFAULT_THRESHOLD: Readonly<Threshold> = { coverage: 0.5, strength: 0.5 };

/**
 * A shorter list is weighed as if it were this long, so a word one issue in three holds still
 * counts as rare, and a workspace with a handful of issues gets suggestions too.
 */
const MIN_LIST_SIZE = 50;

/** Words whose hits an index keeps, for the next keystrokes. */
const MAX_CACHED_WORDS = 500;

/** Weight below which a word is not looked up at all. */
const MIN_RARITY = 0.02;

/** What a word matched through a typo or as a prefix counts for, against an exact match. */
const INEXACT_CREDIT = 0.5;

/** How much a line of each kind counts: the title says what the issue is best. */
const LINE_WEIGHT = { title: 1, summary: 0.9, description: 0.7 } as const;

/**
 * Shared weight that makes an issue close whatever the coverage, in multiples of the threshold's
 * strength: a long draft and a long issue that share several rare words are about one thing.
 */
const STRONG = 3;

/** The shared weight's part in the ranking, beside the coverage. */
const STRENGTH_RANK = 0.15;

/** The best line's own part in the ranking: of two issues holding a short draft, the one it says more of first. */
const LINE_RANK = 0.5;

/**
 * Words of a draft the ranking looks at: the first ones. A draft is at most a message long, and
 * every word is a fuzzy lookup, so a pasted essay must not cost a keystroke more than a long message.
 */
const MAX_QUERY_WORDS = 32;

const FIELDS = ['title', 'summary', 'description'] as const;

interface IndexedIssue {
  id: number;
  title: string;
  summary: string;
  description: string;
}

type LineKind = keyof typeof LINE_WEIGHT;

/** An issue's lines as units, for how much of each a draft holds. */
interface Lines {
  kinds: LineKind[];
  units: Unit[][];
}

/**
 * Builds the search index of `issues` once, for many drafts (one per keystroke), by the rules of
 * a loaded language ({@link loadSearchLanguage}). Issues are indexed by title, summary and
 * description; words are folded (case, diacritics), stemmed, stripped of stop words and joined
 * into synonym groups. In one task: for a long list in a page the user is typing in,
 * {@link buildIssueIndex} loads the language and does the same work in slices.
 */
export function createIssueIndex<T extends SearchableIssue>(
  issues: readonly T[],
  options: IssueIndexOptions & { rules: SearchRules },
): IssueIndex<T> {
  const builder = indexBuilder(issues, options.rules, options);
  for (const issue of issues) builder.add(issue);
  return builder.finish();
}

/** Longest stretch of indexing {@link buildIssueIndex} runs before it lets the page respond. */
const SLICE_MS = 10;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * {@link createIssueIndex} for `options.language`, its rules loaded first, in slices of a few
 * milliseconds, each its own task, so building the index of a thousand issues never holds the
 * main thread long enough to delay a keystroke.
 */
export async function buildIssueIndex<T extends SearchableIssue>(
  issues: readonly T[],
  options: IssueIndexOptions = {},
): Promise<IssueIndex<T>> {
  const builder = indexBuilder(issues, await loadSearchLanguage(options.language), options);
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

const IDENTIFIER_LETTERS = /^(\p{L}+)-\d+$/u;

function indexBuilder<T extends SearchableIssue>(issues: readonly T[], rules: SearchRules, options: IssueIndexOptions) {
  const threshold = { ...DEFAULT_THRESHOLD, ...options.threshold };
  const common = new Set((options.commonWords ?? []).flatMap((word) => analyse(word, rules).flat()));
  const search = new MiniSearch<IndexedIssue>({
    fields: [...FIELDS],
    // Words arrive processed, one space apart.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: {
      // A typo-tolerant word must be long enough that one or two edits do not make it another
      // word (`hard` is one from `hand`, `footer` two from `folder`); a synonym group's token is exact.
      fuzzy: (term) =>
        term.startsWith('~') ? 0 : term.length >= rules.typos[1] ? 2 : term.length >= rules.typos[0] ? 1 : 0,
    },
  });
  // How many issues hold each term, for its rarity.
  const holders = new Map<string, number>();
  const lines: Lines[] = [];

  return {
    add(issue: T) {
      const letters = IDENTIFIER_LETTERS.exec(issue.identifier ?? '')?.[1];
      if (letters) common.add(rules.term(letters));
      const title = analyse(issue.title, rules);
      const summary = issue.summary.map((line) => analyse(line, rules));
      const description = analyse(issue.description ?? '', rules);
      const own = { kinds: ['title'] as LineKind[], units: [title] };
      for (const line of summary) {
        own.kinds.push('summary');
        own.units.push(line);
      }
      own.kinds.push('description');
      own.units.push(description);
      const terms = (units: Unit[]) => units.flat().join(' ');
      for (const term of new Set(own.units.flat(2))) holders.set(term, (holders.get(term) ?? 0) + 1);
      search.add({
        id: lines.length,
        title: terms(title),
        summary: terms(summary.flat()),
        description: terms(description),
      });
      lines.push(own);
    },
    finish(): IssueIndex<T> {
      const size = Math.max(issues.length, MIN_LIST_SIZE);
      const idf = (held: number) => Math.log(1 + (size - held + 0.5) / (held + 0.5));
      // A word weighs by its rarity in a list of at least MIN_LIST_SIZE, and by the share of this
      // list's issues without it: one every issue holds tells none apart, however short the list.
      const rarity = (term: string) => {
        if (common.has(term)) return 0;
        const held = holders.get(term) ?? 0;
        return (idf(held) / idf(0)) * (1 - held / Math.max(issues.length, 1));
      };
      const compounds: Compounds | null = rules.compounds ? compoundsOf(holders.keys()) : null;
      // Each word's hits, kept: a keystroke changes one word of a draft, so it looks up one word.
      const hits = new Map<string, { id: number; terms: string[] }[]>();
      const hitsOf = (word: string, prefix: boolean) => {
        const key = prefix ? `${word}*` : word;
        let found = hits.get(key);
        if (!found) {
          found = search.search(word, { prefix }).map((result) => ({ id: result.id as number, terms: result.terms }));
          if (hits.size >= MAX_CACHED_WORDS) hits.clear();
          hits.set(key, found);
        }
        return found;
      };
      /** The issues holding any of `words` (`typing` also as a prefix), with the terms and words each matched. */
      const lookUp = (words: readonly string[], typing: string | undefined) => {
        const found = new Map<number, { id: number; terms: Set<string>; queryTerms: Set<string> }>();
        for (const word of words) {
          // The last word may be half typed (not a synonym group's token, nor a letter or two).
          const prefix = word === typing && word.length >= 3 && !word.startsWith('~');
          for (const hit of hitsOf(word, prefix)) {
            const result = found.get(hit.id) ?? { id: hit.id, terms: new Set<string>(), queryTerms: new Set<string>() };
            found.set(hit.id, result);
            for (const term of hit.terms) result.terms.add(term);
            result.queryTerms.add(word);
          }
        }
        return found.values();
      };
      return {
        rank(draft, { limit = DEFAULT_LIMIT } = {}) {
          if (typeof draft !== 'string' || !(limit > 0) || issues.length === 0) return [];
          // The draft's terms and what each counts for: its own words fully, the index words its
          // compounds reach by their credit.
          const units = analyse(draft, rules);
          const credits = new Map<string, number>();
          for (const unit of units) {
            for (const term of unit) if (credits.size < MAX_QUERY_WORDS) credits.set(term, 1);
          }
          if (credits.size === 0) return [];
          const own = new Set<string>();
          const draftUnits = units.filter((unit) => {
            if (own.has(unit[0]!) || !credits.has(unit[0]!)) return false;
            own.add(unit[0]!);
            return true;
          });
          const draftWeight = draftUnits.reduce((sum, unit) => sum + rarity(unit[0]!), 0);
          if (compounds) {
            for (const [term, credit] of compounds.reach([...credits.keys()])) {
              if (!credits.has(term)) credits.set(term, credit);
            }
          }
          // Two words written apart that the issues write as one (`sub tasks`, `sous tâches`).
          for (const term of joined(draft, rules)) if (holders.has(term) && !credits.has(term)) credits.set(term, 1);
          // Words (nearly) every issue holds weigh nothing and would match every issue.
          const words = [...credits.keys()].filter((term) => rarity(term) > MIN_RARITY || !holders.has(term));
          // The last word may be half typed, unless it is a word of the issues already.
          const last = words.at(-1)!;
          const typing = /[\p{L}\p{N}]$/u.test(draft) && !holders.has(last) ? last : undefined;
          const ranked: { issue: T; score: number; terms: Iterable<string> }[] = [];
          for (const result of lookUp(words, typing)) {
            // At most the weight of the terms it holds: most of a long list is below the threshold.
            let bound = 0;
            for (const term of result.terms) bound += rarity(term);
            if (bound < threshold.strength) continue;
            const matched = new Map<string, number>();
            for (const term of result.terms) matched.set(term, credits.get(term) ?? INEXACT_CREDIT);
            const relevance = relevanceOf(lines[result.id as number]!, matched, rarity);
            // A short draft said in other words: how much of the draft the issue holds.
            const asked = new Set(result.queryTerms);
            let held = 0;
            for (const unit of draftUnits) {
              let best = 0;
              for (const term of unit)
                best = Math.max(best, matched.has(term) ? 1 : asked.has(term) ? INEXACT_CREDIT : 0);
              held += rarity(unit[0]!) * best;
            }
            const coverage = Math.max(relevance.coverage, draftWeight > 0 ? held / draftWeight : 0);
            const close = coverage >= threshold.coverage && relevance.strength >= threshold.strength;
            if (!close && relevance.strength < STRONG * threshold.strength) continue;
            ranked.push({
              issue: issues[result.id as number]!,
              score: coverage + LINE_RANK * relevance.coverage + STRENGTH_RANK * Math.min(relevance.strength, 3),
              terms: matched.keys(),
            });
          }
          return ranked
            .sort((a, b) => b.score - a.score)
            .slice(0, limit)
            .map(({ issue, score, terms }) => ({ issue, score, shared: sharedWords(issue, new Set(terms), rules) }));
        },
      };
    },
  };
}

/** The words of `issue`'s title and summary lines whose term or synonym group is in `matched`. */
function sharedWords(issue: SearchableIssue, matched: ReadonlySet<string>, rules: SearchRules): string[] {
  const shared = new Set<string>();
  for (const line of [issue.title, ...issue.summary]) {
    for (const unit of analyseWords(line, rules)) {
      if (unit.terms.some((term) => matched.has(term))) for (const word of unit.words) shared.add(word);
    }
  }
  return [...shared];
}

/**
 * How much of an issue a draft holds: its best line's covered share of weight (weighted by the
 * line's kind), and the weight of all the units it matched.
 */
function relevanceOf(
  issue: Lines,
  matched: ReadonlyMap<string, number>,
  rarity: (term: string) => number,
): { coverage: number; strength: number } {
  const credit = (unit: Unit) => {
    const own = matched.get(unit[0]!) ?? 0;
    if (unit.length === 1) return own;
    let words = 0;
    for (let i = 1; i < unit.length; i++) words += matched.get(unit[i]!) ?? 0;
    return Math.max(own, words / (unit.length - 1));
  };
  let coverage = 0;
  const shared = new Map<string, number>();
  issue.units.forEach((line, i) => {
    let total = 0;
    let held = 0;
    const seen = new Set<string>();
    for (const unit of line) {
      if (seen.has(unit[0]!)) continue;
      seen.add(unit[0]!);
      const weight = rarity(unit[0]!);
      const got = weight * credit(unit);
      total += weight;
      held += got;
      if (got > (shared.get(unit[0]!) ?? 0)) shared.set(unit[0]!, got);
    }
    if (total > 0) coverage = Math.max(coverage, (LINE_WEIGHT[issue.kinds[i]!] * held) / total);
  });
  let strength = 0;
  for (const got of shared.values()) strength += got;
  return { coverage, strength };
}

/**
 * The issues of `issues` most like `draft`, best first, at most `options.limit` (default 5), and
 * none when no issue clears the relevance threshold. Typos, word order, case, diacritics and stop
 * words do not matter; words are stemmed by the rules of `options.language` (default English),
 * loaded first. Builds an index each call: to rank many drafts against one list, use
 * {@link buildIssueIndex}.
 */
export async function rankSimilarIssues<T extends SearchableIssue>(
  draft: string,
  issues: readonly T[],
  options: IssueIndexOptions & RankOptions = {},
): Promise<RankedIssue<T>[]> {
  const { limit, ...indexOptions } = options;
  const rules = await loadSearchLanguage(options.language);
  return createIssueIndex(issues, { ...indexOptions, rules }).rank(draft, { limit });
}
