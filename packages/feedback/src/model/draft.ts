import { PAIN_LEVELS, type PainLevel } from '@hearken/core';

/** What the user has typed so far. */
export interface Draft {
  text: string;
  title: string;
  painLevel: PainLevel;
  email: string;
  name: string;
  /** The kind of feedback picked among the `kind` option's (`''`: none), sent as metadata `kind`. */
  kind: string;

  /** "Email me when this changes": sent as `notify_contact` only when ticked (unticked by default). */
  notify: boolean;
  /** When the user started typing (ms since epoch), so fill time spans reloads; 0 before that. */
  startedAt: number;
}

export const EMPTY_DRAFT: Draft = {
  text: '',
  title: '',
  painLevel: 'UNKNOWN',
  email: '',
  name: '',
  kind: '',

  notify: false,
  startedAt: 0,
};

const PAIN = new Set<string>(PAIN_LEVELS);

/** The draft a stored text holds; fields missing, damaged or of another type keep their empty value. */
export function parseDraft(text: string | null): Draft {
  let saved: Partial<Draft> = {};
  try {
    saved = (JSON.parse(text ?? '{}') as Partial<Draft> | null) ?? {};
  } catch {
    // A damaged value reads as an empty draft.
  }
  const draft = { ...EMPTY_DRAFT };
  for (const field of ['text', 'title', 'email', 'name', 'kind'] as const) {
    if (typeof saved[field] === 'string') draft[field] = saved[field];
  }
  if (PAIN.has(saved.painLevel as string)) draft.painLevel = saved.painLevel as PainLevel;
  if (saved.notify === true) draft.notify = true;
  if (Number.isFinite(saved.startedAt)) draft.startedAt = saved.startedAt as number;
  return draft;
}

/** The text to store for a draft; `null` (forget it) once it is empty again. */
export function serializeDraft(draft: Draft): string | null {
  const { text, title, painLevel, email, name, kind } = draft;
  return !text && !title && painLevel === 'UNKNOWN' && !email && !name && !kind ? null : JSON.stringify(draft);
}
