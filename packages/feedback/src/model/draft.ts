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
  const saved = readJson<Partial<Draft>>(store, key) ?? {};
  const draft = { ...EMPTY_DRAFT };
  // Only well-typed fields are taken from storage; anything else keeps its empty value.
  for (const field of ['text', 'title', 'email', 'name'] as const) {
    if (typeof saved[field] === 'string') draft[field] = saved[field];
  }
  if (PAIN.has(saved.painLevel as string)) draft.painLevel = saved.painLevel as PainLevel;
  if (Number.isFinite(saved.startedAt)) draft.startedAt = saved.startedAt as number;
  return draft;
}

/** Saves the draft, or forgets it once it is empty again. */
export function saveDraft(store: KeyValueStore | null, key: string, draft: Draft): void {
  const { text, title, painLevel, email, name } = draft;
  if (!text && !title && painLevel === 'UNKNOWN' && !email && !name) store?.removeItem(key);
  else writeJson(store, key, draft);
}
