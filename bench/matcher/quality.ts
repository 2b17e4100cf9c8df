import { type Half, INBOX_DRAFTS, INBOX_LANGUAGES, type InboxLanguage, type InboxList, inboxIssues } from './inbox.ts';
import type { KeyedIssue } from './issue-lists.ts';

/** A matcher under test: builds its index of `issues` once, then ranks drafts (keys, best first). */
export type Matcher = (issues: KeyedIssue[], language: InboxLanguage) => (draft: string) => string[];

export interface Quality {
  /** Drafts about an issue on the list. */
  related: number;
  /** Share of those with one of their expected issues among the first three. */
  recallAt3: number;
  /** Drafts about nothing on the list. */
  unrelated: number;
  /** Share of those shown any suggestion at all. */
  unrelatedShown: number;
  /** The drafts that missed, for reading. */
  misses: string[];
  /** The unrelated drafts that got suggestions, with the first one. */
  falseAlarms: string[];
}

export interface InboxQuality {
  overall: Quality;
  byLanguage: Record<InboxLanguage, Quality>;
}

interface Tally {
  related: number;
  found: number;
  unrelated: number;
  shown: number;
  misses: string[];
  falseAlarms: string[];
}

const tally = (): Tally => ({ related: 0, found: 0, unrelated: 0, shown: 0, misses: [], falseAlarms: [] });
const quality = (t: Tally): Quality => ({
  related: t.related,
  recallAt3: t.related === 0 ? 1 : t.found / t.related,
  unrelated: t.unrelated,
  unrelatedShown: t.unrelated === 0 ? 0 : t.shown / t.unrelated,
  misses: t.misses,
  falseAlarms: t.falseAlarms,
});

/** The issues a draft is ranked against; `null` leaves the draft out. */
export type ListOf = (list: InboxList, language: InboxLanguage) => KeyedIssue[] | null;

/**
 * How `matcher` does on one half of the inbox set, in all and per language, each draft ranked
 * against its product's issues (or what `listOf` gives).
 */
export function measureInbox(matcher: Matcher, half: Half, listOf: ListOf = inboxIssues): InboxQuality {
  const all = tally();
  const byLanguage = {} as Record<InboxLanguage, Quality>;
  for (const language of INBOX_LANGUAGES) {
    const own = tally();
    const ranks = new Map<string, (draft: string) => string[]>();
    for (const draft of INBOX_DRAFTS) {
      if (draft.language !== language || draft.half !== half) continue;
      let rank = ranks.get(draft.list);
      if (!rank) {
        const issues = listOf(draft.list, language);
        if (!issues) continue;
        rank = matcher(issues, language);
        ranks.set(draft.list, rank);
      }
      const ranked = rank(draft.text);
      for (const t of [own, all]) {
        if (draft.expected.length === 0) {
          t.unrelated++;
          if (ranked.length > 0) {
            t.shown++;
            t.falseAlarms.push(`[${language}] ${draft.text} -> ${ranked[0]}`);
          }
        } else {
          t.related++;
          if (ranked.slice(0, 3).some((key) => draft.expected.includes(key))) t.found++;
          else t.misses.push(`[${language}] ${draft.text} -> ${ranked.slice(0, 3).join(', ') || '(none)'}`);
        }
      }
    }
    byLanguage[language] = quality(own);
  }
  return { overall: quality(all), byLanguage };
}
