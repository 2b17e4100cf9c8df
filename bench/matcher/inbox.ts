/**
 * The inbox set: drafts as a support inbox reads them (long, chatty, misspelled, prefilled by the
 * host with "About ACME-208:"), in five languages, over two unrelated products: the demo's
 * note-taking app (`notes`, English, German and French, as its portal translates) and Tasklane, a
 * task tracker (`tasks`, all five, `task-issues.ts`). Each names the issues a good matcher shows
 * among its first three; one naming none is about nothing on the list and should get no suggestion.
 *
 * Split once, before any tuning, into a tuning half and a held-out half: within each language the
 * drafts are ordered by a hash of their text and dealt alternately, so the split depends on no
 * order of writing and no result. The matcher is tuned on the tuning half only (`pnpm
 * matcher:tune`); `pnpm bench` and the floor test read the held-out half.
 */
import { AR } from './inbox-ar.ts';
import { DE } from './inbox-de.ts';
import type { InboxDraft, InboxList } from './inbox-draft.ts';
import { EN } from './inbox-en.ts';
import { ES } from './inbox-es.ts';
import { FR } from './inbox-fr.ts';
import { demoIssues, type KeyedIssue } from './issue-lists.ts';
import { type TaskLanguage, taskIssues } from './task-issues.ts';

export type InboxLanguage = TaskLanguage;
export type { InboxList };

export type Half = 'tuning' | 'held-out';

export interface LabelledDraft {
  language: InboxLanguage;
  list: InboxList;
  text: string;
  expected: readonly string[];
  half: Half;
}

export const INBOX_LANGUAGES: readonly InboxLanguage[] = ['en', 'de', 'fr', 'es', 'ar'];

const WRITTEN: Record<InboxLanguage, readonly InboxDraft[]> = { en: EN, de: DE, fr: FR, es: ES, ar: AR };

/** FNV-1a of the text's UTF-16 units: a fixed order unrelated to meaning or results. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

export const INBOX_DRAFTS: readonly LabelledDraft[] = INBOX_LANGUAGES.flatMap((language) =>
  [...WRITTEN[language]]
    .sort((a, b) => hash(a[1]) - hash(b[1]) || (a[1] < b[1] ? -1 : 1))
    .map(
      ([list, text, ...expected], i): LabelledDraft => ({
        language,
        list,
        text,
        expected,
        half: i % 2 === 0 ? 'tuning' : 'held-out',
      }),
    ),
);

/** The issues a draft of `list` is ranked against, in `language`. */
export function inboxIssues(list: InboxList, language: InboxLanguage): KeyedIssue[] {
  if (list === 'tasks') return taskIssues(language);
  if (language === 'es' || language === 'ar') throw new Error(`the demo has no ${language} issues`);
  return demoIssues(language);
}
