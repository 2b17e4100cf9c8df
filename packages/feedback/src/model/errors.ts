import type { Draft } from './draft.ts';

/** Field of the form an error belongs to. */
export type FieldName = keyof Pick<Draft, 'text' | 'title' | 'painLevel' | 'email' | 'name' | 'kind' | 'notify'>;

/**
 * What is wrong with a field: found before sending (`required`, `too_long`, `invalid_email`, `email_for_name`), or
 * named by the service when it refused the submission (`refused`, with the service's message).
 * A view turns the code into words in its own language.
 */
export type FieldError =
  | { code: 'required' }
  | { code: 'too_long'; max: number }
  | { code: 'invalid_email' }
  /** A name was given without an email: the email identifies the contact the name belongs to. */
  | { code: 'email_for_name' }
  | { code: 'refused'; message: string };

export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/** The fields in the order a form shows them (the first invalid one takes focus). */
export const FIELD_ORDER: readonly FieldName[] = ['text', 'title', 'painLevel', 'email', 'name'];

const API_FIELDS: Record<string, FieldName> = {
  text: 'text',
  title: 'title',
  pain_level: 'painLevel',
  contact_email: 'email',
  contact_name: 'name',
};

interface ErrorLike {
  message?: string;
  field?: string;
  details?: { issues?: { path?: unknown; message?: string }[] };
}

/** Field errors named by the service (v2 `details.issues`) or by the client's own validation. */
export function fieldErrors(error: unknown): FieldErrors {
  const { field, details, message } = (error ?? {}) as ErrorLike;
  const errors: FieldErrors = {};
  for (const issue of details?.issues ?? []) {
    // The service writes a path dotted (`contact_email`), some servers as an array of keys.
    const first = Array.isArray(issue.path) ? issue.path[0] : String(issue.path ?? '').split('.')[0];
    const name = API_FIELDS[String(first)];
    if (name && !errors[name]) errors[name] = { code: 'refused', message: issue.message ?? '' };
  }
  const name = field ? API_FIELDS[field.split('.')[0] ?? ''] : undefined;
  if (name && !errors[name]) errors[name] = { code: 'refused', message: message ?? '' };
  return errors;
}
