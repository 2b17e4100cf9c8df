import { demoIssues, generatedIssues, type KeyedIssue, type ListLanguage } from './issue-lists.ts';
import { LABELLED_DRAFTS } from './labelled-drafts.ts';

/** A matcher under test: builds its index of `issues` once, then ranks drafts (keys, best first). */
export type Matcher = (issues: KeyedIssue[], language: ListLanguage) => (draft: string) => string[];

export interface Quality {
  /** Share of drafts about a demo issue that have one of their expected issues among the first three. */
  recallAt3: number;
  /** Share of drafts about no demo issue that get any suggestion at all. */
  unrelatedShown: number;
  /** The drafts that missed, for reading. */
  misses: string[];
  /** The unrelated drafts that got suggestions, with the first one. */
  falseAlarms: string[];
}

const LANGUAGES: ListLanguage[] = ['en', 'de', 'fr'];

/** How `matcher` does on the labelled drafts against the demo issues or the 1,000 generated ones. */
export function measureQuality(matcher: Matcher, list: 'demo' | 'generated'): Quality {
  let related = 0;
  let found = 0;
  let unrelated = 0;
  let shown = 0;
  const misses: string[] = [];
  const falseAlarms: string[] = [];
  for (const language of LANGUAGES) {
    const rank = matcher(list === 'demo' ? demoIssues(language) : generatedIssues(language), language);
    for (const draft of LABELLED_DRAFTS.filter((labelled) => labelled.language === language)) {
      const ranked = rank(draft.text);
      if (draft.expected.length === 0) {
        unrelated++;
        if (ranked.length > 0) {
          shown++;
          falseAlarms.push(`${draft.text} -> ${ranked[0]}`);
        }
      } else {
        related++;
        if (ranked.slice(0, 3).some((key) => (draft.expected as readonly string[]).includes(key))) found++;
        else misses.push(`${draft.text} -> ${ranked.slice(0, 3).join(', ') || '(none)'}`);
      }
    }
  }
  return { recallAt3: found / related, unrelatedShown: shown / unrelated, misses, falseAlarms };
}
