import { describe, expect, it } from 'vitest';
import { countPairs } from './duplicates.bench.mjs';

const output = `7 pairs of places (338 files read), each sharing runs of 6 or more identical or same-shape lines
D1 server/drizzle/0000_init.sql:49-60 ~ server/drizzle/0000_init.sql:66-77 shape (+21 more runs)
D2 core/src/clients/v1.ts:165-180 ~ core/src/clients/v1.ts:192-207 shape
D3 proxy/src/fuzz.test.ts:7-16 ~ server/test/fuzz.test.ts:9-18 (+1 more run)
D4 feedback/src/test/fake-proxy.ts:77-84 ~ proxy/src/spam.ts:29-35 shape boilerplate
D5 test-support/src/thread-row.ts:1-12 ~ server/src/serialize/rows.ts:2-11
D6 roadmap/src/widget.test.tsx:1-9 ~ roadmap/src/view/widget.tsx:1-9
D7 feedback/src/strings.ts:47-53 ~ roadmap/src/strings.ts:51-57
left out: 2 runs of 6 lines that stand in more than 8 places each (too common to list)`;

describe('countPairs', () => {
  it('counts pairs where neither side is a test or a migration', () => {
    expect(countPairs(output)).toEqual({
      counted: ['core/src/clients/v1.ts ~ core/src/clients/v1.ts', 'feedback/src/strings.ts ~ roadmap/src/strings.ts'],
      left: { test: 4, migration: 1 },
      problems: [],
    });
  });

  it('says when the list was cut or not read whole', () => {
    const cut = `${output}\n(+12 more pairs)\nincomplete: time: 20 s were not enough`;
    expect(countPairs(cut).problems).toEqual(['(+12 more pairs)', 'incomplete: time: 20 s were not enough']);
  });
});
