import { describe, expect, it } from 'vitest';
import { chosenMatcher } from './compare.ts';
import { INBOX_DRAFTS, INBOX_LANGUAGES } from './inbox.ts';
import { measureInbox } from './quality.ts';

describe('the inbox set', () => {
  it('is worth measuring: 300 drafts or more in five languages, each half a fair share of each', () => {
    expect(INBOX_DRAFTS.length).toBeGreaterThanOrEqual(300);
    for (const language of INBOX_LANGUAGES) {
      const own = INBOX_DRAFTS.filter((draft) => draft.language === language);
      const heldOut = own.filter((draft) => draft.half === 'held-out');
      expect(own.length, language).toBeGreaterThanOrEqual(50);
      expect(Math.abs(own.length - 2 * heldOut.length), language).toBeLessThanOrEqual(1);
      expect(heldOut.filter((draft) => draft.expected.length === 0).length, language).toBeGreaterThanOrEqual(2);
    }
    // A draft may be sent to both products, never twice to one.
    const sent = INBOX_DRAFTS.map((draft) => `${draft.language} ${draft.list} ${draft.text}`);
    expect(new Set(sent).size).toBe(INBOX_DRAFTS.length);
  });
});

describe('the matcher on the held-out half', () => {
  it('finds the expected issue among the first three for 90% of drafts, 85% in each language, and stays silent on 95% of the others', async () => {
    const quality = measureInbox(await chosenMatcher(), 'held-out');
    expect(quality.overall.recallAt3, quality.overall.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(quality.overall.unrelatedShown, quality.overall.falseAlarms.join('\n')).toBeLessThanOrEqual(0.05);
    for (const language of INBOX_LANGUAGES) {
      const own = quality.byLanguage[language];
      expect(own.recallAt3, own.misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    }
  });
});
