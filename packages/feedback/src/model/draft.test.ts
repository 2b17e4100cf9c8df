import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, parseDraft, serializeDraft } from './draft.ts';

describe('drafts', () => {
  it('round-trips and forgets an empty draft', () => {
    const draft = { ...EMPTY_DRAFT, text: 'Hello', painLevel: 'LOW' as const, startedAt: 5 };
    expect(parseDraft(serializeDraft(draft))).toEqual(draft);
    expect(serializeDraft(EMPTY_DRAFT)).toBeNull();
  });

  it('ignores damaged or foreign stored values', () => {
    expect(parseDraft('{not json')).toEqual(EMPTY_DRAFT);
    expect(parseDraft('null')).toEqual(EMPTY_DRAFT);
    const foreign = JSON.stringify({ text: 42, painLevel: 'EXTREME', title: 'ok', startedAt: 'x' });
    expect(parseDraft(foreign)).toEqual({ ...EMPTY_DRAFT, title: 'ok' });
  });
});
