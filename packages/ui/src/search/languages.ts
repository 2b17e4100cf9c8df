import { stemmer as arabicStemmer } from '@orama/stemmers/arabic';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stopwords as arabicStopWords } from '@orama/stopwords/arabic';
import { stopwords as englishStopWords } from '@orama/stopwords/english';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stopwords as germanStopWords } from '@orama/stopwords/german';
import { stopwords as spanishStopWords } from '@orama/stopwords/spanish';
import { foldTerm } from './fold.ts';

/** The languages the matcher stems and filters; any other falls back to English rules. */
export const SEARCH_LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/**
 * Words people wrap a request in ("please add", "it would be nice", "bitte", "j'aimerais"): they
 * say nothing about which request it is, so they count as stop words beside the language's list.
 */
const REQUEST_WORDS: Record<SearchLanguage, string> = {
  en: 'please add would like love nice great want wish need able allow support feature request option idea thanks thank hi hello really also way possible don doesn didn isn aren wasn won wouldn couldn shouldn haven hasn dont doesnt didnt isnt cant wont wouldnt couldnt im ive',
  de: 'bitte hinzufügen gerne hätte hätten wäre schön toll möchte möchten wünsche brauche brauchen funktion option möglich möglichkeit danke hallo wirklich warum gibt',
  fr: 'svp merci ajouter aimerais voudrais souhaite serait bien super génial besoin pouvoir possible possibilité option fonction fonctionnalité bonjour vraiment comment pourquoi quand',
  es: 'por favor añadir agregar gustaría quiero quisiera sería bueno genial necesito poder posible opción función gracias hola realmente cómo cuándo',
  ar: 'من فضلك ارجو أرجو اضافة إضافة أريد نريد أتمنى نتمنى ميزة خيار شكرا مرحبا',
};

interface Rules {
  stem: (word: string) => string;
  stopWords: ReadonlySet<string>;
}

const SOURCES: Record<SearchLanguage, [stem: (word: string) => string, stopWords: readonly string[]]> = {
  en: [englishStemmer, englishStopWords],
  de: [germanStemmer, germanStopWords],
  fr: [frenchStemmer, frenchStopWords],
  es: [spanishStemmer, spanishStopWords],
  ar: [arabicStemmer, arabicStopWords],
};

const built = new Map<SearchLanguage, Rules>();

/** The primary subtag of `language` if the matcher has rules for it, else `en`. */
export function searchLanguage(language: string | undefined): SearchLanguage {
  const base = (language ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return SEARCH_LANGUAGES.find((known) => known === base) ?? 'en';
}

/** One language's stemmer and its folded stop words (its list plus the request words), built once. */
export function languageRules(language: SearchLanguage): Rules {
  let rules = built.get(language);
  if (!rules) {
    const [stem, list] = SOURCES[language];
    const stopWords = new Set([...list, ...REQUEST_WORDS[language].split(' ')].map(foldTerm));
    rules = { stem, stopWords };
    built.set(language, rules);
  }
  return rules;
}

/** Longer "words" are no one's way of saying what they want (a hash, a pasted token) and cost fuzzy lookups. */
const MAX_WORD = 32;

/**
 * One word of an issue or a draft as the index keeps it: `null` for a stop word, a lone letter or
 * an overlong string, else the word's stem, case and diacritics folded. Stemmers are written for
 * accented input, so the word is stemmed before it is folded.
 */
export function processWord(word: string, rules: Rules): string | null {
  const lower = word.toLowerCase();
  const folded = foldTerm(lower);
  if (folded.length < 2 || folded.length > MAX_WORD || rules.stopWords.has(folded)) return null;
  return foldTerm(rules.stem(lower));
}
