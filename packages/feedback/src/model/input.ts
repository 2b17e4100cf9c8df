import { type CreateThreadInput, EMAIL_PATTERN } from '@hearken/core';
import type { Draft } from './draft.ts';
import type { FieldErrors } from './errors.ts';

/** Longest message the form accepts. */
export const MAX_MESSAGE = 10_000;

/** The project or issue a submission is about. */
export interface FeedbackContext {
  projectId?: string | undefined;
  issueId?: string | undefined;
  /** How a view names the project or issue (not sent: the service knows its own titles). */
  title?: string | undefined;
}

/**
 * The thread a draft becomes, or what is wrong with it. With an identity token the proxy sets
 * the contact, so the draft's email and name stay out.
 */
export function threadInput(
  draft: Draft,
  context: FeedbackContext,
  identified: boolean,
): { input: CreateThreadInput } | { errors: FieldErrors } {
  const email = identified ? '' : draft.email.trim();
  const name = identified ? '' : draft.name.trim();
  const title = draft.title.trim();
  const errors: FieldErrors = {};
  if (draft.text.trim() === '') errors.text = { code: 'required' };
  else if (draft.text.length > MAX_MESSAGE) errors.text = { code: 'too_long', max: MAX_MESSAGE };
  if (email && !EMAIL_PATTERN.test(email)) errors.email = { code: 'invalid_email' };
  // The service keeps a name only on the contact an email identifies, and refuses one alone.
  else if (name && !email) errors.email = { code: 'email_for_name' };
  if (Object.keys(errors).length > 0) return { errors };
  const input: CreateThreadInput = { text: draft.text, origin: 'WIDGET', pain_level: draft.painLevel };
  if (title) input.title = title;
  if (email) input.contact_email = email;
  if (name) input.contact_name = name;
  // Only asked for, and only with someone to tell: an email typed, or the identity's.
  if (draft.notify && (email || identified)) input.notify_contact = true;
  if (context.projectId) input.project_id = context.projectId;
  if (context.issueId) input.issue_id = context.issueId;
  return { input };
}
