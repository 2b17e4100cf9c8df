import { describe, expect, it } from 'vitest';
import { draftKey, EMPTY_DRAFT, loadDraft, saveDraft } from './draft.ts';
import { memoryStore } from './storage.ts';

describe('drafts', () => {
  it('round-trips and forgets an empty draft', () => {
    const store = memoryStore();
    const key = draftKey('https://proxy.test', 'ws1');
    const draft = { ...EMPTY_DRAFT, text: 'Hello', painLevel: 'LOW' as const, startedAt: 5 };
    saveDraft(store, key, draft);
    expect(loadDraft(store, key)).toEqual(draft);
    saveDraft(store, key, EMPTY_DRAFT);
    expect(store.getItem(key)).toBeNull();
  });

  it('keeps drafts of different widgets apart', () => {
    expect(draftKey('https://a.test', 'ws1')).not.toBe(draftKey('https://a.test', 'ws2'));
    expect(draftKey('https://a.test', 'ws1')).not.toBe(draftKey('https://b.test', 'ws1'));
  });

  it('ignores damaged or foreign stored values', () => {
    const store = memoryStore();
    store.setItem('k', '{not json');
    expect(loadDraft(store, 'k')).toEqual(EMPTY_DRAFT);
    store.setItem('k', JSON.stringify({ text: 42, painLevel: 'EXTREME', title: 'ok', startedAt: 'x' }));
    expect(loadDraft(store, 'k')).toEqual({ ...EMPTY_DRAFT, title: 'ok' });
  });
});
