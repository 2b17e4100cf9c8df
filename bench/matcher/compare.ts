/**
 * The matcher's figures for `pnpm bench` (matcher.bench.mjs): quality on the held-out half of the inbox set (`inbox.ts`), per
 * language, index build time and per-keystroke ranking time for 1,000 issues.
 */
import { createIssueIndex, loadSearchLanguage } from '../../packages/ui/src/search.ts';
import { INBOX_DRAFTS, INBOX_LANGUAGES } from './inbox.ts';
import { generatedIssues, type KeyedIssue } from './issue-lists.ts';
import { type Matcher, measureInbox } from './quality.ts';

export interface Row {
  group: string;
  metric: string;
  value: number;
  unit: string;
  budget?: number;
  lowerIsBetter?: boolean;
  note?: string;
}

/** The products' and the workspace's names, which a host passes as its common words. */
const COMMON_WORDS = ['Tasklane', 'Acme'];

// Each language's rules, loaded while this module is (Vite's module runner loads nothing after).
const RULES = new Map(
  await Promise.all(INBOX_LANGUAGES.map(async (code) => [code, await loadSearchLanguage(code)] as const)),
);

/** The matcher the widgets use. */
export async function chosenMatcher(): Promise<Matcher> {
  return (issues, language) => {
    const index = createIssueIndex(issues, { rules: RULES.get(language)!, commonWords: COMMON_WORDS });
    return (draft) => index.rank(draft).map((found) => found.issue.key);
  };
}

const BUILDS = 30;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function timeBuilds(matcher: Matcher, issues: KeyedIssue[]): number[] {
  for (let i = 0; i < 5; i++) matcher(issues, 'en');
  const times: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    const started = performance.now();
    matcher(issues, 'en');
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Every prefix of every English draft (both halves: this is time, not quality), typed one key at a time, against 1,000 issues. */
function timeKeystrokes(matcher: Matcher, issues: KeyedIssue[]): number[] {
  const rank = matcher(issues, 'en');
  const drafts = INBOX_DRAFTS.filter((draft) => draft.language === 'en').map((draft) => draft.text);
  for (const draft of drafts.slice(0, 5)) rank(draft);
  const times: number[] = [];
  for (const draft of drafts) {
    for (let end = 1; end <= draft.length; end++) {
      const started = performance.now();
      rank(draft.slice(0, end));
      times.push(performance.now() - started);
    }
  }
  return times.sort((a, b) => a - b);
}

const group = 'matcher';
const listed = (lines: string[]) => (lines.length > 0 ? `: ${lines.slice(0, 3).join(' | ')}` : '');

export async function matcherRows(): Promise<Row[]> {
  const chosen = await chosenMatcher();
  const rows: Row[] = [];
  const heldOut = measureInbox(chosen, 'held-out');
  for (const language of INBOX_LANGUAGES) {
    const quality = heldOut.byLanguage[language];
    rows.push({
      group,
      metric: `top-3 recall, held-out inbox drafts, ${language}`,
      value: quality.recallAt3,
      unit: '',
      budget: 0.85,
      lowerIsBetter: false,
      note: `${quality.related} drafts, ${quality.misses.length} missed${listed(quality.misses)}`,
    });
    rows.push({
      group,
      metric: `unrelated held-out drafts shown a suggestion, ${language}`,
      value: quality.unrelatedShown,
      unit: '',
      // A handful a language: one false alarm is a fifth. The budget is on all languages together.
      note: `${quality.unrelated} drafts${listed(quality.falseAlarms)}`,
    });
  }
  rows.push({
    group,
    metric: 'top-3 recall, held-out inbox drafts, all languages',
    value: heldOut.overall.recallAt3,
    unit: '',
    budget: 0.9,
    lowerIsBetter: false,
    note: `${heldOut.overall.related} drafts in en, de, fr, es, ar over two products; tuned on the other half only`,
  });
  rows.push({
    group,
    metric: 'unrelated held-out drafts shown a suggestion, all languages',
    value: heldOut.overall.unrelatedShown,
    unit: '',
    budget: 0.05,
    note: `${heldOut.overall.unrelated} drafts`,
  });
  const among = measureInbox(chosen, 'held-out', (list, language) =>
    list === 'notes' && language !== 'es' && language !== 'ar' ? generatedIssues(language) : null,
  );
  rows.push({
    group,
    metric: 'top-3 recall, held-out demo drafts, demo issues among 1,000',
    value: among.overall.recallAt3,
    unit: '',
    lowerIsBetter: false,
    note: `${among.overall.related} drafts (en, de, fr); unrelated shown ${among.overall.unrelatedShown.toFixed(2)}`,
  });
  const issues = generatedIssues('en');
  {
    const builds = timeBuilds(chosen, issues);
    rows.push({
      group,
      metric: 'index build, 1,000 issues (median)',
      value: percentile(builds, 50),
      unit: 'ms',
      budget: 50,
      note: `p95 ${percentile(builds, 95).toFixed(1)} ms over ${BUILDS} builds`,
    });
    const keystrokes = timeKeystrokes(chosen, issues);
    rows.push({
      group,
      metric: 'rank one keystroke, 1,000 issues (p95)',
      value: percentile(keystrokes, 95),
      unit: 'ms',
      budget: 5,
      note: `${keystrokes.length} keystrokes, each English inbox draft typed a letter at a time; median ${percentile(keystrokes, 50).toFixed(2)} ms, max ${keystrokes.at(-1)!.toFixed(1)} ms`,
    });
  }
  return rows;
}
