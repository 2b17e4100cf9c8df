import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN, budgetTable, differences, END, WRITE_COMMAND, withTable } from './size-budgets.mjs';

const root = join(import.meta.dirname, '..');
const config = JSON.parse(readFileSync(join(root, '.size-limit.json'), 'utf8'));
const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

const entry = (name, limit, extra = {}) => ({
  name,
  path: `packages/${name}/dist/index.js`,
  gzip: true,
  limit,
  ...extra,
});
const sample = [
  entry('roadmap', '5 KB', { import: '{ define }', ignore: ['./lazy/*'] }),
  entry('core', '15 KB', { import: '{ createPortalClient }' }),
];
const doc = (table) => `# Architecture\n\nBefore.\n\n${BEGIN}\n\n${table}\n\n${END}\n\nAfter.\n`;

describe('size budgets', () => {
  it(`docs/architecture.md's table is .size-limit.json (else run ${WRITE_COMMAND})`, () => {
    expect(differences(config, architecture)).toEqual([]);
  });

  it('names the row whose limit the table gets wrong', () => {
    const stale = doc(budgetTable([sample[0], { ...sample[1], limit: '14 KB' }]));
    expect(differences(sample, stale)).toEqual([
      'row "core": the table\'s limit is "14 KB min+gzip", .size-limit.json\'s is "15 KB min+gzip"',
    ]);
  });

  it('names a row the table lacks and one the configuration no longer has', () => {
    const stale = doc(budgetTable([sample[0], entry('embed', '2 KB')]));
    expect(differences(sample, stale)).toEqual([
      'row "core" is in .size-limit.json but not in the table',
      'row "embed" is in the table but not in .size-limit.json',
    ]);
  });

  it('names a row whose measured entry changed', () => {
    const stale = doc(budgetTable([{ ...sample[0], ignore: ['./views/*'] }, sample[1]]));
    expect(differences(sample, stale)).toEqual([
      'row "roadmap": the table\'s what is measured is "`packages/roadmap/dist/index.js` importing `{ define }` without `./views/*`", .size-limit.json\'s is "`packages/roadmap/dist/index.js` importing `{ define }` without `./lazy/*`"',
    ]);
  });

  it('says when the markers are missing', () => {
    expect(differences(sample, '# Architecture\n')).toEqual([expect.stringContaining(BEGIN)]);
  });

  it('writes only between the markers, and what it writes passes the check', () => {
    const written = withTable(doc('| old |\n| --- |\n| row |'), sample);
    expect(differences(sample, written)).toEqual([]);
    expect(written.startsWith('# Architecture\n\nBefore.\n\n')).toBe(true);
    expect(written.endsWith(`${END}\n\nAfter.\n`)).toBe(true);
    expect(withTable(written, sample)).toBe(written);
  });

  it('keeps a name with a pipe in one cell', () => {
    const piped = [entry('a | b', '1 KB')];
    expect(differences(piped, withTable(doc(''), piped))).toEqual([]);
  });
});
