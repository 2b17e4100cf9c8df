import { PAIN_LEVELS, type PainLevel } from '@hearken/core';
import { type KeyValueStore, readJson, writeJson } from './storage.ts';

/** What the user has typed so far. */
export interface Draft {
  text: string;
  title: string;
  painLevel: PainLevel;
  email: string;
  name: string;
  /** When the user started typing (ms since epoch), so fill time spans reloads; 0 before that. */
  startedAt: number;
}

export const EMPTY_DRAFT: Draft = { text: '', title: '', painLevel: 'UNKNOWN', email: '', name: '', startedAt: 0 };

const PAIN = new Set<string>(PAIN_LEVELS);

/** Drafts are kept per proxy and workspace, so two widgets for different sites never mix. */
export function draftKey(proxy: string, workspace: string | undefined): string {
  return `hearken-feedback:draft:${proxy}|${workspace ?? ''}`;
}

export function loadDraft(store: KeyValueStore | null, key: string): Draft {
  const saved = readJson<Partial<Draft>>(store, key);
  if (!saved || typeof saved !== 'object') return { ...EMPTY_DRAFT };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    text: text(saved.text),
    title: text(saved.title),
    painLevel: PAIN.has(saved.painLevel as string) ? (saved.painLevel as PainLevel) : 'UNKNOWN',
    email: text(saved.email),
    name: text(saved.name),
    startedAt: typeof saved.startedAt === 'number' && Number.isFinite(saved.startedAt) ? saved.startedAt : 0,
  };
}

export function isEmptyDraft(draft: Draft): boolean {
  return draft.text === '' && draft.title === '' && draft.painLevel === 'UNKNOWN';
}

/** Saves the draft, or forgets it once it is empty again. */
export function saveDraft(store: KeyValueStore | null, key: string, draft: Draft): void {
  if (isEmptyDraft(draft) && draft.email === '' && draft.name === '') store?.removeItem(key);
  else writeJson(store, key, draft);
}
