#!/usr/bin/env node
/**
 * Size ceilings that cannot creep: `bench/size-waivers.json` gives every `.size-limit.json` entry
 * its budget, and an entry whose ceiling (its size-limit `limit`) is above its budget carries a
 * waiver: that very ceiling, the reason and the date. Raising a ceiling past its budget therefore
 * means writing down why. `pnpm size` and `pnpm bench` print the waivers; this script, run alone,
 * prints them and exits 1 naming each entry whose ceiling has no matching waiver (the unit suite
 * runs the same check, `size-waivers.test.mjs`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WAIVERS_FILE = 'bench/size-waivers.json';

const UNITS = { B: 1, KB: 1000, kB: 1000, MB: 1e6 };

/** `"23.25 KB"` -> 23250 (bytes; size-limit's own units). */
export function bytes(size) {
  const match = /^\s*([\d.]+)\s*(B|KB|kB|MB)\s*$/.exec(String(size));
  if (!match) throw new Error(`"${size}" is not a size like "5 KB"`);
  return Number(match[1]) * UNITS[match[2]];
}

/** Every way `waivers` fails to account for `config`'s ceilings, one sentence each (empty when none). */
export function waiverProblems(config, waivers) {
  const problems = [];
  const records = new Map(waivers.entries.map((record) => [record.entry, record]));
  for (const { name, limit } of config) {
    const record = records.get(name);
    if (!record) {
      problems.push(`"${name}" has no budget in ${WAIVERS_FILE}`);
      continue;
    }
    const over = bytes(limit) > bytes(record.budget);
    const { waiver } = record;
    if (over && !waiver) {
      problems.push(`"${name}": ceiling ${limit} is over its ${record.budget} budget and has no waiver`);
    } else if (over && waiver.ceiling !== limit) {
      problems.push(`"${name}": ceiling ${limit}, but its waiver is for ${waiver.ceiling}: record the new reason`);
    } else if (over && !(waiver.reason?.trim() && /^\d{4}-\d{2}-\d{2}$/.test(waiver.date ?? ''))) {
      problems.push(`"${name}": its waiver needs a reason and a date (YYYY-MM-DD)`);
    } else if (!over && waiver) {
      problems.push(`"${name}": ceiling ${limit} is within its ${record.budget} budget: drop its waiver`);
    }
  }
  const names = new Set(config.map((entry) => entry.name));
  for (const record of waivers.entries) {
    if (!names.has(record.entry)) problems.push(`"${record.entry}" is in ${WAIVERS_FILE} but not in .size-limit.json`);
  }
  return problems;
}

/** The waivers as printed lines: entry, ceiling over budget, date and reason. */
export function waiverLines(waivers) {
  const waived = waivers.entries.filter((record) => record.waiver);
  return [
    `${waived.length} size ceilings above their budgets, waived in ${WAIVERS_FILE}:`,
    ...waived.map(
      ({ entry, budget, waiver }) =>
        `  ${waiver.ceiling} (budget ${budget}), ${waiver.date}: ${entry}\n    because ${waiver.reason}`,
    ),
  ];
}

export function readWaivers(root) {
  const read = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  return { config: read('.size-limit.json'), waivers: read(WAIVERS_FILE) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { config, waivers } = readWaivers(join(import.meta.dirname, '..'));
  console.log(waiverLines(waivers).join('\n'));
  const problems = waiverProblems(config, waivers);
  for (const problem of problems) console.error(`size waiver: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
