import type { Draft } from './draft.ts';

/** Field of the form an error belongs to. */
export type FieldName = keyof Pick<Draft, 'text' | 'title' | 'painLevel' | 'email' | 'name'>;
export type FieldErrors = Partial<Record<FieldName, string>>;

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
  details?: { issues?: { path?: unknown[]; message?: string }[] };
}

/** Field errors named by the service (v2 `details.issues`) or by the client's own validation. */
export function fieldErrors(error: unknown): FieldErrors {
  const { field, details, message } = (error ?? {}) as ErrorLike;
  const errors: FieldErrors = {};
  for (const issue of details?.issues ?? []) {
    const name = API_FIELDS[String(issue.path?.[0])];
    if (name && !errors[name]) errors[name] = issue.message ?? '';
  }
  const name = field ? API_FIELDS[field.split('.')[0] ?? ''] : undefined;
  if (name && !errors[name]) errors[name] = message ?? '';
  return errors;
}
