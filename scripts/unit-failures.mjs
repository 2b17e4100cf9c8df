/**
 * The test command's log is long and CI shows its end: the unit run's failures are named again
 * there, from Vitest's JSON report, so a failed run says which case broke without scrolling back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The first line of a failure message, without the stack. */
const firstLine = (message) =>
  (message ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/**
 * One line per failed case or file, from a Vitest JSON report (`--reporter=json`); an empty list
 * when the report says nothing failed, and one line pointing back up when it failed outside any case.
 */
export function unitFailures(report, root) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const failedCases = (file.assertionResults ?? []).filter((result) => result.status === 'failed');
    for (const result of failedCases) {
      const title = [...(result.ancestorTitles ?? []), result.title].join(' › ');
      lines.push(`${name} › ${title}: ${firstLine(result.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedCases.length === 0) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  if (lines.length === 0 && report.success === false) {
    lines.push('errors outside any test case (see "Unhandled Errors" in the unit run above)');
  }
  return lines;
}

/** `unitFailures` of the report at `path`, or one line saying the run wrote none (it stopped early). */
export function unitFailuresFrom(path, root) {
  if (!existsSync(path)) return ['the unit run wrote no report (it stopped before the end; see its output above)'];
  return unitFailures(JSON.parse(readFileSync(path, 'utf8')), root);
}
