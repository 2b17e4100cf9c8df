#!/usr/bin/env node
/**
 * The README's figures table, written from `bench/results.json`: `pnpm figures` rewrites the block
 * between its two markers (`pnpm bench` does too, after each run), `pnpm figures --check` says
 * whether they agree, and the unit suite fails when they do not (`figures.test.mjs`). What each row
 * is and how it is measured is written here; its budget, figure and date come from the results.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, withBlock } from '../scripts/markdown.mjs';
import { DEFAULT_BASELINE } from './lib/baseline-build.mjs';
import { format, RESULTS_FILE, readResults } from './lib/results.mjs';

export const BEGIN =
  '<!-- figures: written from bench/results.json by `pnpm figures` (and `pnpm bench`); edit bench/figures.mjs, not this table -->';
export const END = '<!-- end of figures -->';

const size = (metric) => ({ source: 'sizes.bench.mjs', metric });

/** Each README row: what it is, how it is measured, and the result rows that give its figure. */
export const FIGURES = [
  {
    figure: 'each element, eager (roadmap, feedback)',
    how: "a host app built with Vite importing what the READMEs show (`import { define } from '@hearken/roadmap'`, the same for feedback): its bundle before any `import()`, min+gzip",
    rows: [size('roadmap element, eager (min+gzip)'), size('feedback element, eager (min+gzip)')],
  },
  {
    figure: 'both elements on one page, whole (shared code once)',
    how: 'the same host app with both, following every `import()`, the matcher (English) and the screenshot chunk included, but extra languages, the DOMPurify fallback and the hostile-HTML pass',
    rows: [size('both elements on one page (shared code once) (min+gzip)')],
  },
  {
    figure: 'both elements against `@sentry/browser` + `feedbackIntegration`',
    how: 'the Sentry host built the same way, in the same run (its `feedbackIntegration` bundles the modal and the screenshot); the ratio of the two min+gzip figures',
    rows: [size('both elements / @sentry/browser + feedbackIntegration (min+gzip)')],
    note: true,
  },
  {
    figure: '`createPortalClient`',
    how: 'a host importing only it from `@hearken/core` (zod/mini and ky included), min+gzip',
    rows: [{ source: 'core.bench.mjs', metric: 'createPortalClient (min+gzip)' }],
  },
  {
    figure: 'time to content: first project name, launcher',
    how: `Chromium with DevTools' Slow 4G, cache off, a fresh context per load; at least 7 loads of each build in ABBA order against ${DEFAULT_BASELINE.what} (\`${DEFAULT_BASELINE.commit}\`); the ratio of the medians`,
    rows: ['first project name painted', 'launcher button painted'].map((label) => ({
      source: 'time-to-content.bench.mjs',
      metric: `${label}, this build / baseline`,
    })),
  },
  {
    figure: 'a page with both elements: bytes before any interaction',
    how: `the same page and loads, counted until the network has been quiet for 2.5 s with nothing touched, against ${DEFAULT_BASELINE.what}; the ratio of the medians`,
    rows: [
      {
        source: 'time-to-content.bench.mjs',
        metric: 'page with both elements, bytes transferred before any interaction, this build / baseline',
      },
    ],
  },
  {
    figure: 'launcher press to dialog: no hover before, after a 300 ms hover',
    how: "Slow 4G, 5 loads each: the form's code loads on the launcher's hover, focus or touch, at the latest on the press (the build before issue 36 loaded it on idle: about 50 ms)",
    rows: ['press to dialog painted, with no hover before', 'press to dialog painted, after a 300 ms hover'].map(
      (label) => ({
        source: 'launcher-press.bench.mjs',
        metric: `${label}, this build`,
      }),
    ),
  },
  {
    figure: 'key proxy, added latency',
    how: 'the proxy and a bare undici forwarder, each in its own process before the reference server, timed in the same rounds; ratio of the paired medians of (call through it minus the direct call)',
    rows: [{ source: 'proxy.bench.mjs', metric: 'added latency / bare forwarder, paired medians' }],
    note: true,
  },
  {
    figure: 'repeated code',
    how: '`duplicates --most 200 --repo packages --seconds 300`, pairs where neither side is a test, test support or a generated migration',
    rows: [{ source: 'duplicates.bench.mjs', metric: 'pairs outside tests and migrations' }],
  },
];

const HEADER = ['figure', 'how it is measured', 'budget', 'measured'];

const withUnit = (value, unit) => (unit === '×' ? `${format(value)}x` : `${format(value)} ${unit}`.trim());
const command = (source) => `pnpm bench ${source.replace('.bench.mjs', '')}`;

/** The budget and measured cells of one figure from the result rows (found or not). */
function cells(figure, results) {
  const found = figure.rows.map((want) =>
    results.rows.find((row) => row.source === want.source && row.metric === want.metric),
  );
  const missing = figure.rows.filter((_, i) => !found[i]);
  if (missing.length) return ['-', `not measured yet: \`${command(missing[0].source)}\``];
  const rows = /** @type {NonNullable<(typeof found)[number]>[]} */ (found);
  const budgets = [...new Set(rows.map((row) => row.budget))];
  const budget =
    budgets.length === 1 && budgets[0] !== undefined
      ? `${(rows[0].lowerIsBetter ?? true) ? '<=' : '>='} ${withUnit(budgets[0], rows[0].unit)}${rows.length > 1 ? ' each' : ''}`
      : rows.map((row) => (row.budget === undefined ? '-' : withUnit(row.budget, row.unit))).join(' / ');
  if (rows.some((row) => row.status === 'ERROR'))
    return [budget, `error in ${rows[0].date.slice(0, 10)} run (${RESULTS_FILE})`];
  const units = new Set(rows.map((row) => row.unit));
  const values =
    units.size === 1 && rows[0].unit !== '×'
      ? `${rows.map((row) => format(row.value)).join(' / ')} ${rows[0].unit}`
      : rows.map((row) => withUnit(row.value, row.unit)).join(' / ');
  const missed = rows.some((row) => row.status === 'OVER BUDGET') ? ': missed' : '';
  const note = figure.note && rows[0].note ? ` (${rows[0].note.split('\n')[0].split(';')[0]})` : '';
  const dates = [...new Set(rows.map((row) => row.date.slice(0, 10)))].join(', ');
  return [budget, `${values}${note}${missed}, ${dates}`];
}

/** The figures table as Markdown. */
export const figuresTable = (results) =>
  markdownTable(
    HEADER,
    FIGURES.map((figure) => [figure.figure, figure.how, ...cells(figure, results)]),
  );

/** `readme` with the block between the markers written from `results`. */
export const withFigures = (readme, results) =>
  withBlock(readme, { begin: BEGIN, end: END, what: "README.md's figures table" }, figuresTable(results));

/** Rewrites the README's block from `results`; true when that changed the file. */
export function writeFigures(root, results = readResults(root)) {
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const written = withFigures(readme, results);
  if (written !== readme) writeFileSync(path, written);
  return written !== readme;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(import.meta.dirname, '..');
  if (process.argv.includes('--check')) {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    if (withFigures(readme, readResults(root)) !== readme) {
      console.error(`README.md's figures differ from ${RESULTS_FILE}: run pnpm figures`);
      process.exitCode = 1;
    }
  } else {
    console.log(writeFigures(root) ? `README.md's figures written from ${RESULTS_FILE}` : 'README.md already agrees');
  }
}
