/**
 * The rejected candidate, for the bench's side-by-side rows only: the same matcher as
 * `@hearken/ui/search` (same words, stems and stop words, same boosts, same threshold) on Orama
 * instead of MiniSearch. Orama reports no matched terms per hit, so the threshold's coverage is
 * worked out from each hit's words with Orama's own bounded Levenshtein.
 */
import { create, insertMultiple, internals, search } from '@orama/orama';
import { languageRules, processWord, searchLanguage } from '../../packages/ui/src/search/languages.ts';
import { DEFAULT_THRESHOLD } from '../../packages/ui/src/search.ts';
import type { KeyedIssue } from './issue-lists.ts';

const SPLIT = /[\n\r\p{Z}\p{P}]+/u;
const MIN_LIST_SIZE = 50;
const INEXACT_CREDIT = 0.5;
const TOLERANCE = 1;

export function createOramaIndex(issues: readonly KeyedIssue[], language: string) {
  const rules = languageRules(searchLanguage(language));
  const analyse = (text: string) => text.split(SPLIT).flatMap((word) => (word ? (processWord(word, rules) ?? []) : []));
  const holders = new Map<string, number>();
  const terms: Set<string>[] = [];
  const documents = issues.map((issue, id) => {
    const title = analyse(issue.title);
    const summary = analyse(issue.summary.join('\n'));
    const description = analyse(issue.description ?? '');
    const all = new Set([...title, ...summary, ...description]);
    for (const term of all) holders.set(term, (holders.get(term) ?? 0) + 1);
    terms.push(all);
    return { id: String(id), title: title.join(' '), summary: summary.join(' '), description: description.join(' ') };
  });
  const size = Math.max(issues.length, MIN_LIST_SIZE);
  const idf = (held: number) => Math.log(1 + (size - held + 0.5) / (held + 0.5));
  const rarity = (term: string) => idf(holders.get(term) ?? 0) / idf(0);

  const db = create({
    schema: { title: 'string', summary: 'string', description: 'string' } as const,
    // Words arrive processed, one space apart, as in the MiniSearch matcher.
    components: {
      tokenizer: {
        language: 'english',
        normalizationCache: new Map(),
        tokenize: (raw: string) => raw.split(' ').filter(Boolean),
      },
    },
  });
  const inserted = insertMultiple(db, documents);
  if (inserted instanceof Promise) throw new Error('Orama inserted asynchronously');

  return (draft: string, limit = 5): string[] => {
    const words = [...new Set(analyse(draft))].slice(0, 24);
    if (words.length === 0) return [];
    const total = words.reduce((sum, word) => sum + rarity(word), 0);
    const results = search(db, {
      term: words.join(' '),
      properties: ['title', 'summary', 'description'],
      boost: { title: 3, summary: 1.5, description: 1 },
      tolerance: TOLERANCE,
      threshold: 1,
      limit: 50,
    });
    if (results instanceof Promise) throw new Error('Orama searched asynchronously');
    const found: string[] = [];
    for (const hit of results.hits) {
      const own = terms[Number(hit.id)]!;
      let matched = 0;
      for (const word of words) {
        if (own.has(word)) matched += rarity(word);
        else if ([...own].some((term) => internals.boundedLevenshtein(word, term, TOLERANCE).isBounded)) {
          matched += rarity(word) * INEXACT_CREDIT;
        }
      }
      if (matched >= DEFAULT_THRESHOLD.strength && matched >= DEFAULT_THRESHOLD.coverage * total) {
        found.push(issues[Number(hit.id)]!.key);
        if (found.length === limit) break;
      }
    }
    return found;
  };
}
