import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, FIGURES, figuresTable, withFigures } from './figures.mjs';
import { mergeResults, readResults } from './lib/results.mjs';

const root = join(import.meta.dirname, '..');

const row = (source, metric, value, extra = {}) => ({
  source,
  group: 'size',
  metric,
  value,
  unit: 'kB',
  date: '2026-11-28T05:00:00.000Z',
  ...extra,
});
const eager = (value, extra) => [
  row('sizes.bench.mjs', 'roadmap element, eager (min+gzip)', 4.38, { budget: 5, status: 'ok' }),
  row('sizes.bench.mjs', 'feedback element, eager (min+gzip)', value, { budget: 5, status: 'ok', ...extra }),
];
const line = (table, figure) => table.split('\n').find((text) => text.startsWith(`| ${figure} `));

describe('the README figures', () => {
  it('are what bench/results.json holds (else run pnpm figures)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(withFigures(readme, readResults(root))).toBe(readme);
  });

  it('show each figure with its budget, missed budgets, the run date, and rows never measured', () => {
    const table = figuresTable({ rows: eager(5.12, { status: 'OVER BUDGET' }) });
    expect(line(table, FIGURES[0].figure)).toMatch(/\| <= 5 kB each +\| 4\.38 \/ 5\.12 kB: missed, 2026-11-28 +\|$/);
    expect(line(table, 'repeated code')).toMatch(/\| - +\| not measured yet: `pnpm bench duplicates` +\|$/);
  });

  it('change when a figure changes', () => {
    const readme = `# x\n\n${BEGIN}\n${END}\n`;
    const before = withFigures(readme, { rows: eager(4.5) });
    expect(withFigures(before, { rows: eager(4.6) })).not.toBe(before);
    expect(withFigures(before, { rows: eager(4.5) })).toBe(before);
  });
});

describe('bench/results.json', () => {
  it("a run of some modules replaces their rows and keeps the others'", () => {
    const previous = {
      rows: [row('duplicates.bench.mjs', 'pairs', 31), ...eager(4.5).map((r) => ({ ...r, date: '2026-11-20' }))],
    };
    const fresh = eager(4.4).map(({ date, ...rest }) => rest);
    const merged = mergeResults(previous, ['sizes.bench.mjs'], fresh, { date: 'now', node: 'v20' });
    expect(merged.rows.map((r) => [r.source, r.value, r.date])).toEqual([
      ['duplicates.bench.mjs', 31, '2026-11-28T05:00:00.000Z'],
      ['sizes.bench.mjs', 4.38, 'now'],
      ['sizes.bench.mjs', 4.4, 'now'],
    ]);
  });
});
