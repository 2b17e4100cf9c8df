#!/usr/bin/env node
/**
 * `pnpm bench`: runs every `bench/*.bench.mjs` module in name order, prints one table
 * with each figure beside its budget, and writes `bench/results.json`.
 *
 * A module default-exports `async (context) => Row[]`, where a Row is
 * `{ group, metric, value, unit, budget?, lowerIsBetter? = true, note?, error? }`; a row with an
 * `error` (a reason) is printed as ERROR, so a module can report the part of it that failed and
 * still give the rest. `context.root` is the repository root. Packages are built before the run.
 * `pnpm bench name` runs only modules whose file name contains `name`, and replaces only their rows
 * in `bench/results.json`. The README's figures are then written from that file (`bench/figures.mjs`),
 * and the size ceilings waived above their budgets are printed (`scripts/size-waivers.mjs`).
 *
 * A module that throws, returns no rows, hangs past HEARKEN_BENCH_TIMEOUT_S (default 1200) or
 * leaves a rejected promise behind gets an ERROR row with the reason and the run goes on to the
 * next module; the exit code is 1 when any row is an ERROR.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readWaivers, waiverLines } from '../scripts/size-waivers.mjs';
import { writeFigures } from './figures.mjs';
import { format, mergeResults, RESULTS_FILE, readResults, writeResults } from './lib/results.mjs';

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

const timeoutMs = Number(process.env.HEARKEN_BENCH_TIMEOUT_S ?? 1200) * 1000;
const rows = [];
let failures = 0;
/** The module running now, so a stray rejection or exception is charged to it. */
let current;
const strays = [];
const stray = (error) => {
  if (current) strays.push(error);
  else console.error(error);
};
process.on('unhandledRejection', stray);
process.on('uncaughtException', stray);

const reason = (error) => String(error?.stack ?? error);
const errorRow = (file, error) => ({
  source: file,
  group: file,
  metric: 'error',
  value: Number.NaN,
  unit: '',
  status: 'ERROR',
  note: reason(error),
});

for (const file of modules) {
  const started = performance.now();
  current = file;
  strays.length = 0;
  let timer;
  try {
    const { default: bench } = await import(pathToFileURL(join(here, file)).href);
    if (typeof bench !== 'function') throw new Error(`${file} has no default export function`);
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const result = await Promise.race([bench({ root }), timeout]);
    if (!Array.isArray(result) || result.length === 0) throw new Error(`${file} returned no rows`);
    for (const row of result) {
      const bad = row.error === undefined && !Number.isFinite(row.value) ? `value is ${row.value}` : undefined;
      rows.push({ source: file, ...row, status: verdict(row, bad), note: note(row, bad) });
    }
  } catch (error) {
    rows.push(errorRow(file, error));
    console.error(`${file}: ERROR\n${reason(error)}`);
  } finally {
    clearTimeout(timer);
  }
  // A rejection nobody handled is reported after the module's own promise settles.
  await new Promise((resolve) => setImmediate(resolve));
  for (const error of strays) {
    rows.push(errorRow(file, error));
    console.error(`${file}: ERROR (after its rows)\n${reason(error)}`);
  }
  if (rows.some((row) => row.source === file && row.status === 'ERROR')) failures++;
  current = undefined;
  console.error(`${file}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function note(row, bad) {
  const error = row.error ?? bad;
  if (error === undefined) return row.note;
  return row.note ? `${error}; ${row.note}` : String(error);
}

function verdict(row, bad) {
  if (row.error !== undefined || bad) return 'ERROR';
  if (row.budget === undefined) return '';
  const lower = row.lowerIsBetter ?? true;
  return (lower ? row.value <= row.budget : row.value >= row.budget) ? 'ok' : 'OVER BUDGET';
}

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

const results = mergeResults(readResults(root), modules, rows, {
  date: new Date().toISOString(),
  node: process.version,
});
writeResults(root, results);
const readme = writeFigures(root, results);
console.log('');
console.log(waiverLines(readWaivers(root).waivers).join('\n'));
const over = rows.filter((row) => row.status === 'OVER BUDGET').length;
const errors = rows.filter((row) => row.status === 'ERROR');
console.log('');
for (const row of errors) console.log(`ERROR ${row.source} ${row.metric}: ${row.note.split('\n')[0]}`);
console.log(
  `${rows.length} figures, ${over} over budget, ${errors.length} errors in ${failures} modules. Written to ${RESULTS_FILE}${readme ? ' and the figures of README.md' : ''}.`,
);
process.exit(failures > 0 ? 1 : 0);
