import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitFailures, unitFailuresFrom } from './unit-failures.mjs';

const root = '/repo';
const report = {
  success: false,
  testResults: [
    {
      name: '/repo/packages/core/src/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { ancestorTitles: ['paging'], title: 'passes', status: 'passed', failureMessages: [] },
        {
          ancestorTitles: ['paging', 'cursor'],
          title: 'stops at the end',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at a.test.ts:3:4'],
        },
      ],
    },
    {
      name: '/repo/packages/server/test/b.test.ts',
      status: 'failed',
      message: 'Hook timed out in 30000ms.\nIf this is a long-running hook, pass a timeout value',
      assertionResults: [{ ancestorTitles: [], title: 'x', status: 'skipped', failureMessages: [] }],
    },
    { name: '/repo/packages/ui/src/c.test.ts', status: 'passed', message: '', assertionResults: [] },
  ],
};

describe('unit failures named at the end of the test command', () => {
  it('names each failed case with its file, its groups and the first line of its error', () => {
    expect(unitFailures(report, root)).toEqual([
      'packages/core/src/a.test.ts › paging › cursor › stops at the end: AssertionError: expected 1 to be 2',
      'packages/server/test/b.test.ts: Hook timed out in 30000ms.',
    ]);
  });

  it('says nothing for a passing run, and points back up for errors outside any case', () => {
    expect(unitFailures({ success: true, testResults: report.testResults.slice(2) }, root)).toEqual([]);
    expect(unitFailures({ success: false, testResults: report.testResults.slice(2) }, root)).toEqual([
      'errors outside any test case (see "Unhandled Errors" in the unit run above)',
    ]);
  });

  it('reads a report from disk, and says so when the run wrote none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unit-failures-'));
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
    expect(unitFailuresFrom(join(dir, 'report.json'), root)).toHaveLength(2);
    expect(unitFailuresFrom(join(dir, 'none.json'), root)).toEqual([
      'the unit run wrote no report (it stopped before the end; see its output above)',
    ]);
  });
});
