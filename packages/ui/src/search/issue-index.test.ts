import { hostileString } from '@hearken/test-support/hostile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIssueIndex, createIssueIndex, rankSimilarIssues, type SearchableIssue } from './issue-index.ts';
import { loadSearchLanguage } from './languages.ts';

const issue = (
  title: string,
  summary: string[] = [],
  description: string | null = null,
  identifier?: string,
): SearchableIssue => ({ title, summary, description, identifier });

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
const best = async (draft: string, issues = ENGLISH, language?: string) =>
  titles(await rankSimilarIssues(draft, issues, language ? { language } : {}))[0];
const english = await loadSearchLanguage('en');

describe('rankSimilarIssues', () => {
  it('finds an issue whatever the case, the accents and the word order', async () => {
    expect(await best('PDF EXPORT')).toBe('Export notes as PDF');
    expect(await best('pdf of my notes, exported')).toBe('Export notes as PDF');
    expect(await best('Dárk thémé')).toBe('Dark theme for the editor');
  });

  it('forgives typos, and a last word still being typed', async () => {
    expect(await best('expot my notes to pdf')).toBe('Export notes as PDF');
    expect(await best('remindres for notes')).toBe('Reminders on notes');
    expect(await best('shared noteb')).toBe('Shared notebooks for teams');
  });

  it('matches other forms of a word (stems) and ignores stop words and request phrasing', async () => {
    expect(await best('Please could you add a way to remind me about a note')).toBe('Reminders on notes');
    expect(await best('editing notebooks together with my team')).toBe('Shared notebooks for teams');
    // Only stop words and request words: nothing to go on.
    expect(await rankSimilarIssues('Please could you add this, it would be great', ENGLISH)).toEqual([]);
  });

  it('suggests nothing for a draft about something else', async () => {
    expect(await rankSimilarIssues('The invoice shows the wrong billing address', ENGLISH)).toEqual([]);
    expect(await rankSimilarIssues('Login with a security key fails on Firefox', ENGLISH)).toEqual([]);
    // One shared word among many is not the same request.
    expect(
      await rankSimilarIssues('The mobile login screen crashes after the update, password reset broken', ENGLISH),
    ).toEqual([]);
  });

  it('needs more than a word most issues hold, and takes a stricter threshold', async () => {
    expect(await rankSimilarIssues('notes', ENGLISH)).toEqual([]);
    expect(await best('pdf export for the weather report')).toBe('Export notes as PDF');
    expect(
      await rankSimilarIssues('pdf export for the weather report', ENGLISH, { threshold: { coverage: 0.9 } }),
    ).toEqual([]);
    expect(await rankSimilarIssues('pdf', ENGLISH, { threshold: { strength: 2 } })).toEqual([]);
  });

  it('ranks best first with scores, and returns at most `limit` (5 by default)', async () => {
    const many = Array.from({ length: 12 }, (_, i) => issue(`Export notes as PDF ${i}`));
    // Words all issues share tell none apart: the list holds others too.
    const others = Array.from({ length: 40 }, (_, i) => issue(`Calendar sync for team ${i}x`));
    const ranked = await rankSimilarIssues('export notes pdf', [issue('Export settings'), ...many, ...others]);
    expect(ranked).toHaveLength(5);
    expect(titles(ranked)).not.toContain('Export settings');
    const scores = ranked.map((found) => found.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await rankSimilarIssues('export notes pdf', [...many, ...others], { limit: 2 })).toHaveLength(2);
    expect(await rankSimilarIssues('export notes pdf', [...many, ...others], { limit: 0 })).toEqual([]);
  });

  it('returns the issue objects it was given, and nothing for an empty list or an empty draft', async () => {
    const [found] = await rankSimilarIssues('offline mobile', ENGLISH);
    expect(found?.issue).toBe(ENGLISH[2]);
    expect(await rankSimilarIssues('offline mobile', [])).toEqual([]);
    expect(await rankSimilarIssues('', ENGLISH)).toEqual([]);
    expect(await rankSimilarIssues('   ', ENGLISH)).toEqual([]);
  });

  it('stems and filters by the language given, and falls back to English rules', async () => {
    const german = [
      issue('Erinnerungen für Notizen', ['Benachrichtigung zu einem gewählten Zeitpunkt']),
      issue('Notizen als PDF exportieren'),
      issue('Dunkles Design im Editor'),
    ];
    expect(await best('Ich hätte gerne eine Erinnerung an meine Notiz', german, 'de')).toBe('Erinnerungen für Notizen');
    expect(await best('export der notizen als pdf', german, 'de-AT')).toBe('Notizen als PDF exportieren');
    const french = [
      issue('Rappels sur les notes', ['Être notifié à une date choisie']),
      issue('Exporter les notes en PDF'),
      issue('Thème sombre pour l’éditeur'),
    ];
    expect(await best('je voudrais un rappel pour mes notes', french, 'fr')).toBe('Rappels sur les notes');
    expect(await best('theme sombre editeur', french, 'fr')).toBe('Thème sombre pour l’éditeur');
    const spanish = [issue('Recordatorios en las notas'), issue('Exportar notas a PDF'), issue('Tema oscuro')];
    expect(await best('me gustaría exportar mis notas en pdf', spanish, 'es')).toBe('Exportar notas a PDF');
    expect(await best('recordatorio para una nota', spanish, 'es')).toBe('Recordatorios en las notas');
    const arabic = [issue('تصدير الملاحظات بصيغة PDF'), issue('الوضع الداكن في المحرر'), issue('تذكيرات للملاحظات')];
    expect(await best('أريد تصدير ملاحظاتي', arabic, 'ar')).toBe('تصدير الملاحظات بصيغة PDF');
    expect(await best('الوضع الداكن', arabic, 'ar')).toBe('الوضع الداكن في المحرر');
    // A language without rules is ranked with English ones.
    expect(await best('exporting notes to pdf', ENGLISH, 'ja')).toBe('Export notes as PDF');
  });

  it('never throws on hostile drafts, issue texts or limits', async () => {
    const index = createIssueIndex(ENGLISH, { rules: english });
    fc.assert(
      fc.property(hostileString, fc.integer({ min: -3, max: 20 }), (draft, limit) => {
        expect(index.rank(draft, { limit }).length).toBeLessThanOrEqual(Math.max(0, limit));
        const odd = [issue(draft, [draft], draft), issue(draft.repeat(3), [], null)];
        expect(Array.isArray(createIssueIndex(odd, { rules: english }).rank(draft))).toBe(true);
      }),
    );
    expect(index.rank('markdown '.repeat(2000))).not.toHaveLength(0);
  });
});

describe('createIssueIndex', () => {
  it('builds once and ranks many drafts with the same results as rankSimilarIssues', async () => {
    const index = createIssueIndex(ENGLISH, { rules: english });
    for (const draft of ['pdf export', 'dark theme', 'weather today']) {
      expect(index.rank(draft)).toEqual(await rankSimilarIssues(draft, ENGLISH, { language: 'en' }));
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
    expect(titles(index.rank(draft))).toEqual(titles(createIssueIndex(many, { rules: english }).rank(draft)));
  });
});

describe('drafts as people write them', () => {
  const PRODUCT = [
    issue('Export roadmap as PDF', ['Download the roadmap for board meetings'], null, 'ACME-201'),
    issue('Weekly digest email', ['A Monday summary of new feedback'], null, 'ACME-202'),
    issue('Dark mode', ['A night theme for the whole app'], null, 'ACME-203'),
    issue('Keyboard shortcuts', ['Move tasks without the mouse'], null, 'ACME-204'),
    issue('Two-factor authentication', ['Codes from an app at login'], null, 'ACME-205'),
    issue('Single sign-on with SAML', ['Log in through Okta'], null, 'ACME-206'),
    issue('Slack notifications', ['Post task updates to a channel'], null, 'ACME-207'),
    issue('Nested tags', ['Tags inside tags, like work/clients/acme'], null, 'ACME-208'),
  ];
  const top3 = async (draft: string, language = 'en', issues = PRODUCT) =>
    titles(await rankSimilarIssues(draft, issues, { language, commonWords: ['Tasklane'] })).slice(0, 3);

  it('finds the request however much else a draft says', async () => {
    expect(await top3('roadmap pdf')).toContain('Export roadmap as PDF');
    expect(await top3('pls let us save the roadmap to PDF for our board meeting')).toContain('Export roadmap as PDF');
    expect(
      await top3(
        'Hi team, we love the app but it would be really great if we could save the whole roadmap to PDF so I can send it to our board before the quarterly meeting',
      ),
    ).toContain('Export roadmap as PDF');
    expect(await top3('digest emails every monday morning with the new feedback')).toContain('Weekly digest email');
  });

  it('knows the synonyms a team expects, in each language', async () => {
    expect(await top3('is there a night theme?')).toContain('Dark mode');
    expect(await top3('hotkeys for power users')).toContain('Keyboard shortcuts');
    expect(await top3('we need 2FA for our auditors')).toContain('Two-factor authentication');
    expect(await top3('SSO please')).toContain('Single sign-on with SAML');
    const german = [issue('Dunkelmodus'), issue('Tastenkürzel'), issue('Roadmap als PDF exportieren')];
    expect(await top3('ein dunkler Modus wäre schön', 'de', german)).toContain('Dunkelmodus');
    expect(await top3('Hotkeys bitte', 'de', german)).toContain('Tastenkürzel');
    const french = [
      issue('Thème sombre pour l’éditeur'),
      issue('Exporter la feuille de route en PDF'),
      issue('Rappels sur les tâches'),
      issue('Tâches récurrentes'),
    ];
    expect(await top3('un mode nuit svp', 'fr', french)).toContain('Thème sombre pour l’éditeur');
    expect(await top3('télécharger la roadmap en pdf', 'fr', french)).toContain('Exporter la feuille de route en PDF');
  });

  it('splits German compounds, and reads French elisions and Spanish without accents', async () => {
    const german = [
      issue('Dunkles Design für den Editor'),
      issue('Zeiterfassung für Aufgaben'),
      issue('Notizen teilen'),
    ];
    expect(await top3('Dunkelmodus bitte', 'de', german)).toContain('Dunkles Design für den Editor');
    expect(await top3('die Zeit für meine Aufgaben erfassen', 'de', german)).toContain('Zeiterfassung für Aufgaben');
    const french = [issue('Importer l’historique d’un autre outil'), issue('Rappels sur les notes')];
    expect(await top3('import de l’historique', 'fr', french)).toContain('Importer l’historique d’un autre outil');
    const spanish = [issue('Exportación de la hoja de ruta'), issue('Tema oscuro'), issue('Tareas recurrentes')];
    expect(await top3('exportacion de la hoja de ruta', 'es', spanish)).toContain('Exportación de la hoja de ruta');
  });

  it('gives no weight to identifiers, the workspace’s name or the product’s', async () => {
    expect(await rankSimilarIssues('About ACME-208:', PRODUCT)).toEqual([]);
    expect(await top3('About ACME-208: hi Tasklane team, can the acme admins get slack notifications?')).toEqual([
      'Slack notifications',
    ]);
  });

  it('says which words of the issue the draft shares, as the issue writes them', async () => {
    const [found] = await rankSimilarIssues('pls save the ROADMAP to pdf', PRODUCT);
    expect(found?.issue.title).toBe('Export roadmap as PDF');
    expect(found?.shared).toEqual(['roadmap', 'PDF']);
    const [night] = await rankSimilarIssues('a night mode would be nice', PRODUCT);
    expect(night?.shared).toEqual(['Dark', 'mode', 'night', 'theme']);
  });
});
