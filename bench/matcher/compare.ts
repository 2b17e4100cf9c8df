/**
 * The matcher's figures for `pnpm bench` (matcher.bench.mjs), MiniSearch (chosen) and Orama
 * (rejected) side by side: quality on the labelled drafts, index build time and per-keystroke
 * ranking time for 1,000 issues.
 */
import { createIssueIndex } from '../../packages/ui/src/search.ts';
import { generatedIssues, type KeyedIssue } from './issue-lists.ts';
import { LABELLED_DRAFTS } from './labelled-drafts.ts';
import { createOramaIndex } from './orama-matcher.ts';
import { type Matcher, measureQuality } from './quality.ts';

export interface Row {
  group: string;
  metric: string;
  value: number;
  unit: string;
  budget?: number;
  lowerIsBetter?: boolean;
  note?: string;
}

interface Candidate {
  name: string;
  chosen: boolean;
  matcher: Matcher;
}

const CANDIDATES: Candidate[] = [
  {
    name: 'MiniSearch',
    chosen: true,
    matcher: (issues, language) => {
      const index = createIssueIndex(issues, { language });
      return (draft) => index.rank(draft).map((found) => found.issue.key);
    },
  },
  { name: 'Orama', chosen: false, matcher: (issues, language) => createOramaIndex(issues, language) },
];

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

/** Every prefix of every English draft, as typed one key at a time, ranked against 1,000 issues. */
function timeKeystrokes(matcher: Matcher, issues: KeyedIssue[]): number[] {
  const rank = matcher(issues, 'en');
  const drafts = LABELLED_DRAFTS.filter((draft) => draft.language === 'en').map((draft) => draft.text);
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

export function matcherRows(): Row[] {
  const rows: Row[] = [];
  const issues = generatedIssues('en');
  for (const { name, chosen, matcher } of CANDIDATES) {
    const group = 'matcher';
    const role = chosen ? 'chosen' : 'rejected, for comparison';
    const budget = (value: number) => (chosen ? { budget: value } : {});
    for (const list of ['demo', 'generated'] as const) {
      const quality = measureQuality(matcher, list);
      const where = list === 'demo' ? 'demo issues' : '1,000 issues';
      rows.push({
        group,
        metric: `${name}: top-3 recall, ${where}`,
        value: quality.recallAt3,
        unit: '',
        ...budget(0.85),
        lowerIsBetter: false,
        note: `${role}; ${quality.misses.length} of the labelled drafts about a demo issue missed`,
      });
      rows.push({
        group,
        metric: `${name}: unrelated drafts with a suggestion, ${where}`,
        value: quality.unrelatedShown,
        unit: '',
        ...budget(0.1),
        note: `${role}; ${quality.falseAlarms.length} false alarms`,
      });
    }
    const builds = timeBuilds(matcher, issues);
    rows.push({
      group,
      metric: `${name}: index build, 1,000 issues (median)`,
      value: percentile(builds, 50),
      unit: 'ms',
      ...budget(50),
      note: `${role}; p95 ${percentile(builds, 95).toFixed(1)} ms over ${BUILDS} builds`,
    });
    const keystrokes = timeKeystrokes(matcher, issues);
    rows.push({
      group,
      metric: `${name}: rank one keystroke, 1,000 issues (p95)`,
      value: percentile(keystrokes, 95),
      unit: 'ms',
      ...budget(5),
      note: `${role}; ${keystrokes.length} keystrokes, each English draft typed a letter at a time; median ${percentile(keystrokes, 50).toFixed(2)} ms, max ${keystrokes.at(-1)!.toFixed(1)} ms`,
    });
  }
  return rows;
}
