import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes a date in the language asked for', () => {
    expect(formatDate('2026-10-15T09:00:00.000Z', 'en')).toBe('October 15, 2026');
    expect(formatDate('2026-10-15T09:00:00.000Z', 'de')).toBe('15. Oktober 2026');
  });

  it('leaves a date that does not parse as it was given', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
