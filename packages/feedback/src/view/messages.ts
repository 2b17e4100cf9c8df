import { errorDetail, format, type Locale } from '@hearken/ui';
import type { FieldError, FieldErrors } from '../model/errors.ts';
import { fieldErrors } from '../model/errors.ts';
import type { SubmissionStatus, Vote } from '../model/feedback-model.ts';
import type { FeedbackContext } from '../model/input.ts';
import type { FeedbackMessages } from '../strings.ts';

type FeedbackLocale = Locale<FeedbackMessages>;

/** The message shown while a submission waits, by the reason it waits. */
const WAITING = {
  offline: 'queued',
  unavailable: 'retrying',
  identity: 'identity',
  rate_limited: 'rateLimited',
} as const;

/** What the polite status line says about the latest submission, a vote (`vote`) or a message. */
export function statusText(locale: FeedbackLocale, status: SubmissionStatus, vote?: Vote | null): string {
  // A vote names the request it went to; the title is isolated, as in `contextText`.
  const title = vote ? `\u2068${vote.issue.title}\u2069` : '';
  if (vote && status.kind === 'sent') return format(locale, 'voteSent', { title });
  if (vote && status.kind === 'retry' && status.reason === 'offline') return format(locale, 'voteQueued', { title });
  if (status.kind === 'sending' || status.kind === 'sent') return format(locale, status.kind);
  if (status.kind !== 'retry') return '';
  // Only the rate-limit message shows the wait; a 429 without Retry-After says a minute.
  return format(locale, WAITING[status.reason], { seconds: Math.ceil((status.retryAfterMs ?? 60_000) / 1000) });
}

/** What the alert line says: a full queue, a screenshot that could not be attached, a refusal with its reference, or fields to check. */
export function alertText(locale: FeedbackLocale, status: SubmissionStatus, errors: FieldErrors): string {
  if (status.kind === 'queue_full') return format(locale, 'queueFull');
  if (status.kind === 'attachment_failed') return format(locale, 'attachmentFailed');
  if (status.kind === 'sent' && status.imageError) {
    return format(locale, 'screenshotRefused', { code: errorDetail(status.imageError).code });
  }
  if (status.kind === 'rejected') {
    const { code, requestId } = errorDetail(status.error);
    const fields = Object.keys(fieldErrors(status.error)).length > 0;
    const text = fields ? format(locale, 'fieldsInvalid') : format(locale, 'failed', { code });
    return requestId ? `${text} ${format(locale, 'requestId', { id: requestId })}` : text;
  }
  return Object.keys(errors).length > 0 ? format(locale, 'fieldsInvalid') : '';
}

/** A field error in words: the service's own message for a refusal, the locale's otherwise. */
export function fieldErrorText(locale: FeedbackLocale, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.code === 'refused') return error.message;
  if (error.code === 'too_long') return format(locale, 'messageTooLong', { max: error.max });
  return format(locale, FIELD_MESSAGES[error.code]);
}

/** The message of each error the form finds itself that takes no value. */
const FIELD_MESSAGES = {
  required: 'messageRequired',
  invalid_email: 'emailInvalid',
  email_for_name: 'emailForName',
} as const;

/**
 * What the form says it is about: the project or issue by its title when the host gave one, else
 * "this issue" or "this project" (the ids are the service's, not words for people).
 */
export function contextText(locale: FeedbackLocale, context: FeedbackContext): string {
  const issue = Boolean(context.issueId);
  const title = context.title?.trim();
  // Isolated, so a left-to-right title such as "ENG-12 Export" keeps its order in Arabic text.
  if (title) return format(locale, issue ? 'aboutIssue' : 'aboutProject', { title: `\u2068${title}\u2069` });
  return format(locale, issue ? 'aboutThisIssue' : 'aboutThisProject');
}
