/**
 * Repeated code in the packages: the pairs of places that `duplicates --most 200 --repo packages`
 * lists (six or more lines alike; given up to 300 s), counting only pairs where neither side is a test (`*.test.ts(x)`,
 * a `test/` folder, `packages/test-support/`) nor a generated migration (`packages/server/drizzle/`).
 * Budget: at most 10. The `duplicates` command is a tool of the development machine; where it is
 * not on PATH (CI, say) the row says so instead of failing the run.
 */
import { spawnSync } from 'node:child_process';

const MOST = 200;
const BUDGET = 10;
const REPO = 'packages';
/** The command's own limit is 20 s, which a busy two-core machine overruns (a partial list). */
const SECONDS = 300;

/** Paths as the command prints them, relative to `--repo`; the patterns match them below `packages/`. */
const TEST = [/\.test\.tsx?$/, /(^|\/)test\//, /^packages\/test-support\//];
const MIGRATION = /^packages\/server\/drizzle\//;

const ROW = /^D\d+\s+(\S+?):\d+-\d+\s+~\s+(\S+?):\d+-\d+/;

/** What a side of a pair is, when it does not count. */
function excluded(path) {
  const full = `${REPO}/${path}`;
  if (MIGRATION.test(full)) return 'migration';
  if (TEST.some((pattern) => pattern.test(full))) return 'test';
  return undefined;
}

/** Reads the command's output: the pairs that count, those left out and why, and anything incomplete. */
export function countPairs(output) {
  const counted = [];
  const left = { test: 0, migration: 0 };
  const problems = [];
  for (const line of output.split('\n')) {
    const match = ROW.exec(line);
    if (match) {
      const why = excluded(match[1]) ?? excluded(match[2]);
      if (why) left[why]++;
      else counted.push(`${match[1]} ~ ${match[2]}`);
    } else if (/^\(\+\d+ more pairs\)/.test(line.trim()) || line.startsWith('incomplete:')) {
      problems.push(line.trim());
    }
  }
  return { counted, left, problems };
}

export default async function duplicates({ root }) {
  const args = ['--most', String(MOST), '--repo', REPO, '--seconds', String(SECONDS)];
  const row = { group: 'duplicates', metric: 'pairs outside tests and migrations', unit: 'pairs', budget: BUDGET };
  const run = spawnSync('duplicates', args, { cwd: root, encoding: 'utf8', timeout: (SECONDS + 60) * 1000 });
  if (run.error) {
    const reason = run.error.code === 'ENOENT' ? 'the duplicates command is not on PATH' : run.error.message;
    return [{ ...row, value: Number.NaN, error: reason }];
  }
  if (run.status !== 0) {
    return [{ ...row, value: Number.NaN, error: `duplicates exited with ${run.status}: ${run.stderr.trim()}` }];
  }
  const { counted, left, problems } = countPairs(run.stdout);
  // The table shows a note's first line; the pairs themselves are in bench/results.json.
  const note = `duplicates ${args.join(' ')}; left out: ${left.test} with a test side, ${left.migration} in migrations${counted.length ? `\ncounted: ${counted.join('; ')}` : ''}`;
  return [
    {
      ...row,
      value: counted.length,
      note,
      ...(problems.length ? { error: `the list is not whole (${problems.join('; ')}): the count is a floor` } : {}),
    },
  ];
}
