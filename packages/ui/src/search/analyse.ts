import { type SearchRules, splitWords } from './languages.ts';

/**
 * One unit of meaning in a text: a word's term, or a synonym phrase's group token (`~export`)
 * followed by the terms of the phrase's words as written. A match on any of them counts for the
 * unit, so "night theme" and "dark mode" are one thing, and "dark" alone still half of it.
 */
export type Unit = readonly string[];

/** Identifiers a host prefills ("About ACME-208:"): the same in every draft, never what it is about. */
const IDENTIFIER = /\b\p{L}[\p{L}\p{N}]*-\d+\b/gu;

/** The units of `text` by `rules`: stop words, lone letters, bare numbers and identifiers left out. */
export function analyse(text: string, rules: SearchRules): Unit[] {
  return analyseWords(text, rules).map((unit) => unit.terms);
}

/** {@link analyse}, each unit with the words of `text` it stands for. */
export function analyseWords(text: string, rules: SearchRules): { terms: Unit; words: string[] }[] {
  const words = splitWords(text.replace(IDENTIFIER, ' '));
  const terms = words.map((word) => rules.term(word));
  const units: { terms: Unit; words: string[] }[] = [];
  for (let i = 0; i < words.length; ) {
    const phrase = rules.phrases
      .get(terms[i]!)
      ?.find(({ words: phrase }) => phrase.every((word, j) => terms[i + j] === word));
    if (phrase) {
      const at = words.slice(i, i + phrase.words.length);
      const own = phrase.words.filter((_, j) => rules.counts(at[j]!));
      units.push({ terms: [phrase.group, ...own], words: at.filter((word) => rules.counts(word)) });
      i += phrase.words.length;
      continue;
    }
    if (rules.counts(words[i]!)) units.push({ terms: [terms[i]!], words: [words[i]!] });
    i++;
  }
  return units;
}

/** The terms of each two neighbouring words of `text` written as one (`sub tasks` → `subtask`). */
export function joined(text: string, rules: SearchRules): string[] {
  const words = splitWords(text.replace(IDENTIFIER, ' '));
  const terms: string[] = [];
  for (let i = 1; i < words.length; i++) {
    if (rules.counts(words[i - 1]!) && rules.counts(words[i]!)) terms.push(rules.term(words[i - 1]! + words[i]!));
  }
  return terms;
}
