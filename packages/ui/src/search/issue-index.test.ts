import { hostileString } from '@hearken/test-support/hostile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIssueIndex, createIssueIndex, rankSimilarIssues, type SearchableIssue } from './issue-index.ts';

const issue = (title: string, summary: string[] = [], description: string | null = null): SearchableIssue => ({
  title,
  summary,
  description,
});

const ENGLISH = [
  issue(
    'Export notes as PDF',
    ['Print-ready export of a note or a whole notebook'],
    'Share notes with people outside.',
  ),
  issue('Dark theme for the editor', ['Easier on the eyes when writing at night']),
  issue('Offline access on mobile', ['Read and edit notes without a connection']),
  issue('Reminders on notes', ['Get notified at a chosen date and time']),
  issue('Markdown shortcuts', ['Type # for headings and * for bullet lists']),
  issue('Shared notebooks for teams', ['Several people edit one notebook'], 'Permissions per member.'),
];
const titles = (ranked: { issue: SearchableIssue }[]) => ranked.map((found) => found.issue.title);
const best = (draft: string, issues = ENGLISH, language?: string) =>
  titles(rankSimilarIssues(draft, issues, language ? { language } : {}))[0];

describe('rankSimilarIssues', () => {
  it('finds an issue whatever the case, the accents and the word order', () => {
    expect(best('PDF EXPORT')).toBe('Export notes as PDF');
    expect(best('pdf of my notes, exported')).toBe('Export notes as PDF');
    expect(best('Dárk thémé')).toBe('Dark theme for the editor');
  });

  it('forgives typos, and a last word still being typed', () => {
    expect(best('expot my notes to pdf')).toBe('Export notes as PDF');
    expect(best('remindres for notes')).toBe('Reminders on notes');
    expect(best('shared noteb')).toBe('Shared notebooks for teams');
  });

  it('matches other forms of a word (stems) and ignores stop words and request phrasing', () => {
    expect(best('Please could you add a way to remind me about a note')).toBe('Reminders on notes');
    expect(best('editing notebooks together with my team')).toBe('Shared notebooks for teams');
    // Only stop words and request words: nothing to go on.
    expect(rankSimilarIssues('Please could you add this, it would be great', ENGLISH)).toEqual([]);
  });

  it('suggests nothing for a draft about something else', () => {
    expect(rankSimilarIssues('The invoice shows the wrong billing address', ENGLISH)).toEqual([]);
    expect(rankSimilarIssues('Login with a security key fails on Firefox', ENGLISH)).toEqual([]);
    // One shared word among many is not the same request.
    expect(
      rankSimilarIssues('The mobile login screen crashes after the update, password reset broken', ENGLISH),
    ).toEqual([]);
  });

  it('needs more than a word most issues hold, and takes a stricter threshold', () => {
    expect(rankSimilarIssues('notes', ENGLISH)).toEqual([]);
    expect(best('pdf export for the weather report')).toBe('Export notes as PDF');
    expect(rankSimilarIssues('pdf export for the weather report', ENGLISH, { threshold: { coverage: 0.9 } })).toEqual(
      [],
    );
    expect(rankSimilarIssues('pdf', ENGLISH, { threshold: { strength: 2 } })).toEqual([]);
  });

  it('ranks best first with scores, and returns at most `limit` (5 by default)', () => {
    const many = Array.from({ length: 12 }, (_, i) => issue(`Export notes as PDF ${i}`));
    const ranked = rankSimilarIssues('export notes pdf', [issue('Export settings'), ...many]);
    expect(ranked).toHaveLength(5);
    expect(titles(ranked)).not.toContain('Export settings');
    const scores = ranked.map((found) => found.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(rankSimilarIssues('export notes pdf', many, { limit: 2 })).toHaveLength(2);
    expect(rankSimilarIssues('export notes pdf', many, { limit: 0 })).toEqual([]);
  });

  it('returns the issue objects it was given, and nothing for an empty list or an empty draft', () => {
    const [found] = rankSimilarIssues('offline mobile', ENGLISH);
    expect(found?.issue).toBe(ENGLISH[2]);
    expect(rankSimilarIssues('offline mobile', [])).toEqual([]);
    expect(rankSimilarIssues('', ENGLISH)).toEqual([]);
    expect(rankSimilarIssues('   ', ENGLISH)).toEqual([]);
  });

  it('stems and filters by the language given, and falls back to English rules', () => {
    const german = [
      issue('Erinnerungen für Notizen', ['Benachrichtigung zu einem gewählten Zeitpunkt']),
      issue('Notizen als PDF exportieren'),
      issue('Dunkles Design im Editor'),
    ];
    expect(best('Ich hätte gerne eine Erinnerung an meine Notiz', german, 'de')).toBe('Erinnerungen für Notizen');
    expect(best('export der notizen als pdf', german, 'de-AT')).toBe('Notizen als PDF exportieren');
    const french = [
      issue('Rappels sur les notes', ['Être notifié à une date choisie']),
      issue('Exporter les notes en PDF'),
      issue('Thème sombre pour l’éditeur'),
    ];
    expect(best('je voudrais un rappel pour mes notes', french, 'fr')).toBe('Rappels sur les notes');
    expect(best('theme sombre editeur', french, 'fr')).toBe('Thème sombre pour l’éditeur');
    const spanish = [issue('Recordatorios en las notas'), issue('Exportar notas a PDF'), issue('Tema oscuro')];
    expect(best('me gustaría exportar mis notas en pdf', spanish, 'es')).toBe('Exportar notas a PDF');
    expect(best('recordatorio para una nota', spanish, 'es')).toBe('Recordatorios en las notas');
    const arabic = [issue('تصدير الملاحظات بصيغة PDF'), issue('الوضع الداكن في المحرر'), issue('تذكيرات للملاحظات')];
    expect(best('أريد تصدير ملاحظاتي', arabic, 'ar')).toBe('تصدير الملاحظات بصيغة PDF');
    expect(best('الوضع الداكن', arabic, 'ar')).toBe('الوضع الداكن في المحرر');
    // A language without rules is ranked with English ones.
    expect(best('exporting notes to pdf', ENGLISH, 'ja')).toBe('Export notes as PDF');
  });

  it('never throws on hostile drafts, issue texts or limits', () => {
    const index = createIssueIndex(ENGLISH);
    fc.assert(
      fc.property(hostileString, fc.integer({ min: -3, max: 20 }), (draft, limit) => {
        expect(index.rank(draft, { limit }).length).toBeLessThanOrEqual(Math.max(0, limit));
        const odd = [issue(draft, [draft], draft), issue(draft.repeat(3), [], null)];
        expect(Array.isArray(rankSimilarIssues(draft, odd, { language: draft }))).toBe(true);
      }),
    );
    expect(index.rank('markdown '.repeat(2000))).not.toHaveLength(0);
  });
});

describe('createIssueIndex', () => {
  it('builds once and ranks many drafts with the same results as rankSimilarIssues', () => {
    const index = createIssueIndex(ENGLISH, { language: 'en' });
    for (const draft of ['pdf export', 'dark theme', 'weather today']) {
      expect(index.rank(draft)).toEqual(rankSimilarIssues(draft, ENGLISH, { language: 'en' }));
    }
  });
});

describe('buildIssueIndex', () => {
  it('ranks as createIssueIndex does, built across tasks so the page can answer in between', async () => {
    const many = Array.from({ length: 600 }, (_, i) =>
      issue(`${ENGLISH[i % ENGLISH.length]!.title} ${i}`, [...ENGLISH[i % ENGLISH.length]!.summary]),
    );
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const building = buildIssueIndex(many);
    expect(timerRan).toBe(false);
    const index = await building;
    expect(timerRan).toBe(true);
    const draft = 'export my notes to pdf';
    expect(titles(index.rank(draft))).toEqual(titles(createIssueIndex(many).rank(draft)));
  });
});
