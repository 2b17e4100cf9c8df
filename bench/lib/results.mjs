/**
 * `bench/results.json`: every row the bench has measured, each with the date of its run. A run of
 * some modules (`pnpm bench sizes`) replaces those modules' rows and keeps the others', so the
 * file (and the README's figures, written from it) always holds the latest figure of each module.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_FILE = 'bench/results.json';

/** A figure as the table prints it: whole numbers as they are, two decimals below 10, else one. */
export const format = (value) =>
  !Number.isFinite(value) ? '-' : Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);

/** The results recorded so far (no rows when there are none yet). */
export function readResults(root) {
  const file = join(root, RESULTS_FILE);
  if (!existsSync(file)) return { rows: [] };
  return JSON.parse(readFileSync(file, 'utf8'), (key, value) =>
    key === 'value' && value === null ? Number.NaN : value,
  );
}

/**
 * `previous` with the rows of the modules in `ran` replaced by `rows` (each dated `date`), ordered
 * by module file name and, within a module, as it gave them.
 */
export function mergeResults(previous, ran, rows, { date, node }) {
  const kept = previous.rows.filter((row) => !ran.includes(row.source));
  const merged = [...kept, ...rows.map((row) => ({ ...row, date }))];
  const order = [...new Set(merged.map((row) => row.source))].sort();
  merged.sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source));
  return { date, node, rows: merged };
}

export function writeResults(root, results) {
  writeFileSync(join(root, RESULTS_FILE), `${JSON.stringify(results, null, 2)}\n`);
}
