import { describe, expect, it } from 'vitest';
import { createIssueIndex } from '../../packages/ui/src/search.ts';
import { LABELLED_DRAFTS } from './labelled-drafts.ts';
import { type Matcher, measureQuality } from './quality.ts';

const matcher: Matcher = (issues, language) => {
  const index = createIssueIndex(issues, { language });
  return (draft) => index.rank(draft).map((found) => found.issue.key);
};

describe('the matcher on the labelled drafts', () => {
  it('is a set worth measuring: 60 drafts or more in three languages, a good share about nothing', () => {
    expect(LABELLED_DRAFTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(LABELLED_DRAFTS.map((draft) => draft.language))).toEqual(new Set(['en', 'de', 'fr']));
    expect(LABELLED_DRAFTS.filter((draft) => draft.expected.length === 0).length).toBeGreaterThanOrEqual(15);
  });

  it('finds the expected demo issue among the first three for 85% of drafts, and stays silent on 90% of the others', () => {
    const quality = measureQuality(matcher, 'demo');
    expect(quality.recallAt3, quality.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(quality.unrelatedShown, quality.falseAlarms.join('\n')).toBeLessThanOrEqual(0.1);
  });

  it('does as well with the demo issues among 1,000 others', () => {
    const quality = measureQuality(matcher, 'generated');
    expect(quality.recallAt3, quality.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(quality.unrelatedShown, quality.falseAlarms.join('\n')).toBeLessThanOrEqual(0.1);
  });
});
