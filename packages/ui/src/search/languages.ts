import { foldTerm } from './fold.ts';
import type { LanguageData } from './language-data.ts';

/** The languages the matcher stems and filters; any other falls back to English rules. */
export const SEARCH_LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** A phrase of {@link LanguageData.synonyms}: its processed words, and its group's token. */
export interface Phrase {
  words: readonly string[];
  group: string;
}

/** One language as the index uses it, built once from its {@link LanguageData}. */
export interface SearchRules {
  language: SearchLanguage;
  /** A word's stem, case and diacritics folded (stop words too: phrases may hold them). */
  term: (word: string) => string;
  /** Whether a word counts: not a stop word, a lone letter, a bare number or an overlong string. */
  counts: (word: string) => boolean;
  /** Synonym phrases by their first word, longest first. */
  phrases: ReadonlyMap<string, readonly Phrase[]>;
  compounds: boolean;
  /** Letters a word needs for a typo of one letter, and of two, to be forgiven. */
  typos: readonly [one: number, two: number];
}

const LOADERS: Record<SearchLanguage, () => Promise<{ language: LanguageData }>> = {
  en: () => import('./lang/en.ts'),
  de: () => import('./lang/de.ts'),
  fr: () => import('./lang/fr.ts'),
  es: () => import('./lang/es.ts'),
  ar: () => import('./lang/ar.ts'),
};

const loaded = new Map<SearchLanguage, Promise<SearchRules>>();

/** The primary subtag of `language` if the matcher has rules for it, else `en`. */
export function searchLanguage(language: string | undefined): SearchLanguage {
  const base = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return SEARCH_LANGUAGES.find((known) => known === base) ?? 'en';
}

/**
 * The rules of `language` (a tag such as `de-AT`; any language without rules gets English ones),
 * loading that language's module only, once.
 */
export function loadSearchLanguage(language?: string): Promise<SearchRules> {
  const code = searchLanguage(language);
  let rules = loaded.get(code);
  if (!rules) {
    rules = LOADERS[code]().then(
      (module) => searchRules(code, module.language),
      (error: unknown) => {
        // A chunk that failed to load (offline) is asked for again next time.
        loaded.delete(code);
        throw error;
      },
    );
    loaded.set(code, rules);
  }
  return rules;
}

/** The tokens of a text as the index splits them: runs of letters and digits. */
export const splitWords = (text: string): string[] => text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);

const MAX_CACHED = 20_000;

/** Longer "words" are no one's way of saying what they want (a hash, a pasted token) and cost fuzzy lookups. */
const MAX_WORD = 32;

/** {@link SearchRules} from one language's data. */
export function searchRules(language: SearchLanguage, data: LanguageData): SearchRules {
  const accents = Object.entries(data.accents ?? {});
  const cache = new Map<string, string>();
  const term = (word: string) => {
    let found = cache.get(word);
    if (found === undefined) {
      let lower = word.toLowerCase();
      const plain = foldTerm(lower);
      if (plain === lower) {
        const ending = accents.find(([bare]) => lower.endsWith(bare));
        if (ending) lower = lower.slice(0, -ending[0].length) + ending[1];
      }
      // Stemmers are written for accented input: the word is stemmed before it is folded.
      found = foldTerm(data.stem(lower));
      // Drafts bring new words at every keystroke: the cache is bounded.
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(word, found);
    }
    return found;
  };
  const stopWords = new Set([...data.stopWords, ...data.requestWords.split(' ')].map(foldTerm));
  const counted = new Map<string, boolean>();
  const counts = (word: string) => {
    let found = counted.get(word);
    if (found === undefined) {
      const folded = foldTerm(word);
      found = folded.length >= 2 && folded.length <= MAX_WORD && !/^\d+$/.test(folded) && !stopWords.has(folded);
      if (counted.size >= MAX_CACHED) counted.clear();
      counted.set(word, found);
    }
    return found;
  };
  const phrases = new Map<string, Phrase[]>();
  for (const line of data.synonyms) {
    const group = `~${splitWords(line.split(',')[0]!).map(term).join('_')}`;
    for (const phrase of line.split(',')) {
      const words = splitWords(phrase).map(term);
      if (words.length === 0) continue;
      const list = phrases.get(words[0]!) ?? [];
      list.push({ words, group });
      list.sort((a, b) => b.words.length - a.words.length);
      phrases.set(words[0]!, list);
    }
  }
  return { language, term, counts, phrases, compounds: data.compounds ?? false, typos: data.typos ?? [5, 7] };
}
