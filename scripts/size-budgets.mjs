#!/usr/bin/env node
/**
 * The size budget table of `docs/architecture.md` is the size-limit configuration
 * (`.size-limit.json`), which `pnpm size` enforces: `node scripts/size-budgets.mjs --write` writes
 * the table between its two marker comments; without `--write` it checks that the two agree and
 * names each row that differs. The unit suite runs the same check (`size-budgets.test.mjs`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateBlock, markdownTable, withBlock } from './markdown.mjs';

export const BEGIN =
  '<!-- size budgets: written from .size-limit.json by `node scripts/size-budgets.mjs --write`; edit that file, not this table -->';
export const END = '<!-- end of size budgets -->';
export const WRITE_COMMAND = 'node scripts/size-budgets.mjs --write';

const HEADER = ['size-limit entry', 'what is measured', 'limit'];

const code = (text) => `\`${text}\``;

/** How size-limit compresses an entry before comparing it with its limit. */
const compression = (entry) => (entry.gzip ? 'min+gzip' : entry.brotli === false ? 'minified' : 'min+brotli');

/** One row per entry of the configuration: its name, what it bundles, and its limit. */
export function budgetRows(config) {
  return config.map((entry) => {
    const what = [code(entry.path)];
    if (typeof entry.import === 'string') what.push(`importing ${code(entry.import)}`);
    else if (entry.import) {
      const imports = Object.entries(entry.import).map(([file, names]) => `${code(names)} from ${code(file)}`);
      what.push(`importing ${imports.join(' and ')}`);
    }
    if (entry.ignore?.length) what.push(`without ${entry.ignore.map(code).join(', ')}`);
    return [entry.name, what.join(' '), `${entry.limit} ${compression(entry)}`];
  });
}

/** The table as Markdown, its columns padded to one width as the rest of the document's tables. */
export const budgetTable = (config) => markdownTable(HEADER, budgetRows(config));

const BLOCK = { begin: BEGIN, end: END, what: "docs/architecture.md's size budget table" };

/** `doc` with the table between its markers written from `config`. */
export const withTable = (doc, config) => withBlock(doc, BLOCK, budgetTable(config));

/** The cells of each body row of the Markdown table in `text`. */
function parseTable(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|'));
  return lines
    .slice(2)
    .map((line) => line.slice(1, line.endsWith('|') ? -1 : undefined).split(/(?<!\\)\|/))
    .map((cells) => cells.map((cell) => cell.trim().replaceAll('\\|', '|')));
}

/**
 * How the table in `doc` differs from `config`, one sentence per row that differs (empty when they
 * agree), each naming the row.
 */
export function differences(config, doc) {
  let section;
  try {
    const { from, to } = locateBlock(doc, BLOCK);
    section = doc.slice(from, to);
  } catch (error) {
    return [error.message];
  }
  const expected = budgetRows(config);
  const actual = parseTable(section);
  const found = new Map(actual.map((cells) => [cells[0], cells]));
  const wanted = new Set(expected.map((cells) => cells[0]));
  const problems = [];
  for (const cells of expected) {
    const row = found.get(cells[0]);
    if (!row) {
      problems.push(`row "${cells[0]}" is in .size-limit.json but not in the table`);
      continue;
    }
    for (const [i, column] of HEADER.entries()) {
      if (i > 0 && row[i] !== cells[i]) {
        problems.push(
          `row "${cells[0]}": the table's ${column} is "${row[i] ?? ''}", .size-limit.json's is "${cells[i]}"`,
        );
      }
    }
  }
  for (const cells of actual) {
    if (!wanted.has(cells[0])) problems.push(`row "${cells[0]}" is in the table but not in .size-limit.json`);
  }
  if (problems.length === 0 && section.trim() !== budgetTable(config)) {
    problems.push('the rows agree but their order or layout is not what the script writes');
  }
  return problems;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const docPath = join(root, 'docs', 'architecture.md');
  const config = JSON.parse(readFileSync(join(root, '.size-limit.json'), 'utf8'));
  const doc = readFileSync(docPath, 'utf8');
  if (process.argv.includes('--write')) {
    writeFileSync(docPath, withTable(doc, config));
    console.log(
      `docs/architecture.md: the size budget table now lists the ${config.length} entries of .size-limit.json`,
    );
    return;
  }
  const problems = differences(config, doc);
  if (problems.length === 0) {
    console.log('docs/architecture.md: the size budget table is .size-limit.json');
    return;
  }
  console.error(
    `docs/architecture.md's size budget table differs from .size-limit.json (${WRITE_COMMAND} rewrites it):`,
  );
  for (const problem of problems) console.error(`- ${problem}`);
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
