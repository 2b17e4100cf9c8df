import { describe, expect, it } from 'vitest';
import { bytes, readWaivers, WAIVERS_FILE, waiverLines, waiverProblems } from './size-waivers.mjs';

const { config, waivers } = readWaivers(new URL('..', import.meta.url).pathname);

const waived = { ceiling: '49 KB', reason: 'the views, Preact and the client', date: '2026-11-26' };
const sample = {
  config: [
    { name: 'eager', limit: '5 KB' },
    { name: 'whole', limit: '49 KB' },
  ],
  waivers: {
    entries: [
      { entry: 'eager', budget: '5 KB' },
      { entry: 'whole', budget: '32 KB', waiver: waived },
    ],
  },
};
const withLimit = (name, limit) => sample.config.map((entry) => (entry.name === name ? { ...entry, limit } : entry));

describe('size waivers', () => {
  it(`every ceiling of .size-limit.json is within its budget or waived in ${WAIVERS_FILE}`, () => {
    expect(waiverProblems(config, waivers)).toEqual([]);
  });

  it('fails a ceiling raised past its budget without a waiver', () => {
    expect(waiverProblems(withLimit('eager', '5.25 KB'), sample.waivers)).toEqual([
      '"eager": ceiling 5.25 KB is over its 5 KB budget and has no waiver',
    ]);
  });

  it('fails a waived ceiling raised again until the waiver records it', () => {
    expect(waiverProblems(withLimit('whole', '50 KB'), sample.waivers)).toEqual([
      '"whole": ceiling 50 KB, but its waiver is for 49 KB: record the new reason',
    ]);
  });

  it('asks for a reason and a date, an entry for each ceiling, and no waiver once back within budget', () => {
    const reasonless = {
      entries: [sample.waivers.entries[0], { ...sample.waivers.entries[1], waiver: { ...waived, reason: ' ' } }],
    };
    expect(waiverProblems(sample.config, reasonless)).toEqual([
      '"whole": its waiver needs a reason and a date (YYYY-MM-DD)',
    ]);
    expect(waiverProblems([...sample.config, { name: 'new', limit: '1 KB' }], sample.waivers)).toEqual([
      `"new" has no budget in ${WAIVERS_FILE}`,
    ]);
    expect(waiverProblems(withLimit('whole', '30 KB'), sample.waivers)).toEqual([
      '"whole": ceiling 30 KB is within its 32 KB budget: drop its waiver',
    ]);
  });

  it('reads size-limit sizes and prints each waiver with its ceiling, budget, date and reason', () => {
    expect(bytes('400 B')).toBe(400);
    expect(bytes('23.25 KB')).toBe(23_250);
    expect(() => bytes('5KiB')).toThrow('is not a size');
    expect(waiverLines(sample.waivers).join('\n')).toBe(
      `1 size ceilings above their budgets, waived in ${WAIVERS_FILE}:\n  49 KB (budget 32 KB), 2026-11-26: whole\n    because the views, Preact and the client`,
    );
  });
});
