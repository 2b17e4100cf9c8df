#!/usr/bin/env node
/**
 * `pnpm bench`: runs every `bench/*.bench.mjs` module in name order, prints one table
 * with each figure beside its budget, and writes `bench/results.json`.
 *
 * A module default-exports `async (context) => Row[]`, where a Row is
 * `{ group, metric, value, unit, budget?, lowerIsBetter? = true, note? }`.
 * `context.root` is the repository root. Packages are built before the run.
 * `pnpm bench name` runs only modules whose file name contains `name`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const only = process.argv[2];

if (!process.env.HEARKEN_BENCH_NO_BUILD) {
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const modules = readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs') && (!only || file.includes(only)))
  .sort();

const rows = [];
let failures = 0;
for (const file of modules) {
  const started = performance.now();
  try {
    const { default: bench } = await import(pathToFileURL(join(here, file)).href);
    for (const row of await bench({ root })) rows.push({ source: file, ...row, status: verdict(row) });
  } catch (error) {
    failures++;
    rows.push({
      source: file,
      group: file,
      metric: 'error',
      value: Number.NaN,
      unit: '',
      status: 'ERROR',
      note: String(error?.stack ?? error),
    });
  }
  console.error(`${file}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function verdict(row) {
  if (row.budget === undefined) return '';
  const lower = row.lowerIsBetter ?? true;
  return (lower ? row.value <= row.budget : row.value >= row.budget) ? 'ok' : 'OVER BUDGET';
}

const format = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));
const table = rows.map((row) => [
  row.group,
  row.metric,
  `${format(row.value)} ${row.unit}`.trim(),
  row.budget === undefined
    ? ''
    : `${(row.lowerIsBetter ?? true) ? '<=' : '>='} ${format(row.budget)} ${row.unit}`.trim(),
  row.status,
  row.note ?? '',
]);
const header = ['group', 'metric', 'value', 'budget', 'status', 'note'];
const widths = header.map((title, i) =>
  Math.max(title.length, ...table.map((cells) => cells[i].split('\n')[0].length)),
);
const line = (cells) =>
  cells
    .map((cell, i) => cell.split('\n')[0].padEnd(widths[i]))
    .join(' | ')
    .trimEnd();
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const cells of table) console.log(line(cells));

writeFileSync(
  join(here, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
);
const over = rows.filter((row) => row.status === 'OVER BUDGET').length;
console.log(
  `\n${rows.length} figures, ${over} over budget, ${failures} modules failed. Written to bench/results.json.`,
);
process.exit(failures > 0 ? 1 : 0);
