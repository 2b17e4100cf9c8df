import { type CreateThreadInput, EMAIL_PATTERN, PAIN_LEVELS } from '@hearken/core';
import { errorDetail, format, type Locale } from '@hearken/ui';
import { Component, createRef } from 'preact';
import type { FeedbackMessages } from '../strings.ts';
import { type Draft, loadDraft, saveDraft } from '../submit/draft.ts';
import { type FieldErrors, type FieldName, fieldErrors } from '../submit/errors.ts';
import { identityEmail } from '../submit/identity-claims.ts';
import type { KeyValueStore } from '../submit/storage.ts';
import { Field } from './field.tsx';
import type { SubmissionStatus } from './submissions.ts';

/** Longest message the form accepts. */
export const MAX_MESSAGE = 10_000;

export interface FeedbackFormProps {
  locale: Locale<FeedbackMessages>;
  /** Storage key of the draft (`draftKey`). */
  draftKey: string;
  identityToken: string | undefined;
  /** Project or issue it is about; the user may remove it. */
  context: { projectId?: string | undefined; issueId?: string | undefined };
  /** Text and a counter from the latest `open()`; a new id focuses the message and applies the text. */
  request: { id: number; text?: string | undefined };
  store: KeyValueStore;
  status: SubmissionStatus;
  onSubmit: (input: CreateThreadInput, spam: { honeypot: string; fillMs: number }) => void;
  onReset: () => void;
}

/** The message shown while a submission waits, by the reason it waits. */
const WAITING = {
  offline: 'queued',
  unavailable: 'retrying',
  identity: 'identity',
  rate_limited: 'rateLimited',
} as const;

function statusText(locale: Locale<FeedbackMessages>, status: SubmissionStatus): string {
  if (status.kind === 'sending' || status.kind === 'sent') return format(locale, status.kind);
  if (status.kind !== 'retry') return '';
  // Only the rate-limit message shows the wait; a 429 without Retry-After says a minute.
  return format(locale, WAITING[status.reason], { seconds: Math.ceil((status.retryAfterMs ?? 60_000) / 1000) });
}

function alertText(locale: Locale<FeedbackMessages>, status: SubmissionStatus, errors: FieldErrors): string {
  if (status.kind === 'queue_full') return format(locale, 'queueFull');
  if (status.kind === 'rejected') {
    const { code, requestId } = errorDetail(status.error);
    const fields = Object.keys(fieldErrors(status.error)).length > 0;
    const text = fields ? format(locale, 'fieldsInvalid') : format(locale, 'failed', { code });
    return requestId ? `${text} ${format(locale, 'requestId', { id: requestId })}` : text;
  }
  return Object.keys(errors).length > 0 ? format(locale, 'fieldsInvalid') : '';
}

/** Preset text fills only an empty draft, and does not count as the user starting to type. */
function withPreset(draft: Draft, text: string | undefined, store: KeyValueStore, key: string): Draft {
  if (!text || draft.text !== '') return draft;
  const next = { ...draft, text };
  saveDraft(store, key, next);
  return next;
}

interface FormState {
  draft: Draft;
  /** The project or issue, until the user removes it. */
  context: FeedbackFormProps['context'];
  errors: FieldErrors;
}

/** The feedback form with its draft, field errors and status announcements. */
export class FeedbackForm extends Component<FeedbackFormProps, FormState> {
  #shownAt = Date.now();
  #message = createRef<HTMLTextAreaElement>();
  #honeypot = createRef<HTMLInputElement>();
  // The `open()` request whose text and focus have been applied.
  #applied: number;

  constructor(props: FeedbackFormProps) {
    super(props);
    const { store, draftKey, request, status } = props;
    this.#applied = request.id;
    this.state = {
      draft: withPreset(loadDraft(store, draftKey), request.text, store, draftKey),
      context: props.context,
      // Reopened after the service refused fields: they are marked again.
      errors: status.kind === 'rejected' ? fieldErrors(status.error) : {},
    };
  }

  override componentDidUpdate(previous: FeedbackFormProps): void {
    const { context, request, status, store, draftKey } = this.props;
    if (context.projectId !== previous.context.projectId || context.issueId !== previous.context.issueId) {
      this.setState({ context });
    }
    // A later `open()` (inline mode, or the dialog already showing) presets text and focuses the message.
    if (request.id !== this.#applied) {
      this.#applied = request.id;
      this.setState(({ draft }) => ({ draft: withPreset(draft, request.text, store, draftKey) }));
      this.#message.current?.focus();
    }
    // A sent draft is forgotten; so are errors from the service once the user fixes the fields.
    if (status !== previous.status) {
      if (status.kind === 'sent') this.setState({ draft: loadDraft(store, draftKey) });
      if (status.kind === 'rejected') this.setState({ errors: fieldErrors(status.error) });
    }
  }

  /** Changes one field: the draft is saved and the field's error cleared. */
  #update<F extends FieldName>(field: F, value: Draft[F]): void {
    this.setState(({ draft, errors: { [field]: _cleared, ...errors } }) => {
      const next = { ...draft, [field]: value, startedAt: draft.startedAt || Date.now() };
      saveDraft(this.props.store, this.props.draftKey, next);
      return { draft: next, errors };
    });
  }

  #submit(event: Event): void {
    event.preventDefault();
    const { locale, identityToken } = this.props;
    const { draft, context } = this.state;
    // With an identity token the proxy sets the contact; the hidden fields' old values stay out.
    const email = identityToken ? '' : draft.email.trim();
    const name = identityToken ? '' : draft.name.trim();
    const title = draft.title.trim();
    const found: FieldErrors = {};
    if (draft.text.trim() === '') found.text = format(locale, 'messageRequired');
    else if (draft.text.length > MAX_MESSAGE) found.text = format(locale, 'messageTooLong', { max: MAX_MESSAGE });
    if (email && !EMAIL_PATTERN.test(email)) found.email = format(locale, 'emailInvalid');
    this.setState({ errors: found });
    const [invalid] = Object.keys(found);
    if (invalid) {
      // By id: the fields are not marked invalid until the next render. `found` is in form order.
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`#hk-${invalid}`)?.focus();
      return;
    }
    const input: CreateThreadInput = { text: draft.text, origin: 'WIDGET', pain_level: draft.painLevel };
    if (title) input.title = title;
    if (email) input.contact_email = email;
    if (name) input.contact_name = name;
    if (context.projectId) input.project_id = context.projectId;
    if (context.issueId) input.issue_id = context.issueId;
    this.props.onSubmit(input, {
      honeypot: this.#honeypot.current?.value ?? '',
      fillMs: Date.now() - (draft.startedAt || this.#shownAt),
    });
  }

  override render(props: FeedbackFormProps, { draft, context, errors }: FormState) {
    const { locale, status, identityToken } = props;
    const t = (key: keyof FeedbackMessages & string, values?: Record<string, string | number>) =>
      format(locale, key, values);
    const signedInAs = identityToken ? identityEmail(identityToken) : null;
    const sending = status.kind === 'sending';
    const line = (name: 'title' | 'email' | 'name', type: 'text' | 'email' = 'text', autoComplete?: string) => (
      <Field name={name} label={t(name)} error={errors[name]}>
        {(control) => (
          <input
            {...control}
            // Preact's typings tie every type but "text" to a `list`; both values are plain inputs here.
            type={type as 'text'}
            autoComplete={autoComplete}
            value={draft[name]}
            onInput={(event) => this.#update(name, event.currentTarget.value)}
          />
        )}
      </Field>
    );

    return (
      <form class="hk-form" noValidate onSubmit={(event) => this.#submit(event)}>
        {status.kind === 'sent' ? (
          <div class="hk-actions">
            <button type="button" class="hk-button" onClick={props.onReset}>
              {t('sendAnother')}
            </button>
          </div>
        ) : (
          <>
            <p class="hk-hint">{t('intro')}</p>
            {context.issueId || context.projectId ? (
              <p class="hk-context">
                <span>
                  {context.issueId
                    ? t('aboutIssue', { id: context.issueId })
                    : t('aboutProject', { id: context.projectId! })}
                </span>
                <button type="button" class="hk-link" onClick={() => this.setState({ context: {} })}>
                  {t('removeContext')}
                </button>
              </p>
            ) : null}
            <Field
              name="text"
              label={t('message')}
              error={errors.text}
              hint={t('messageHint', { count: draft.text.length, max: MAX_MESSAGE })}
            >
              {(control) => (
                <textarea
                  {...control}
                  ref={this.#message}
                  required
                  maxLength={MAX_MESSAGE}
                  value={draft.text}
                  onInput={(event) => this.#update('text', event.currentTarget.value)}
                />
              )}
            </Field>
            {line('title')}
            <fieldset class="hk-pain">
              <legend class="hk-label">{t('pain')}</legend>
              <div>
                {PAIN_LEVELS.map((level) => (
                  <label key={level}>
                    <input
                      type="radio"
                      name="hk-pain"
                      value={level}
                      checked={draft.painLevel === level}
                      onChange={() => this.#update('painLevel', level)}
                    />
                    <span>{t(`pain_${level}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {identityToken ? (
              signedInAs ? (
                <p class="hk-hint">{t('signedInAs', { email: signedInAs })}</p>
              ) : null
            ) : (
              <>
                {line('email', 'email', 'email')}
                {line('name', 'text', 'name')}
              </>
            )}
            <div class="hk-sr-only" aria-hidden="true">
              <label>
                {t('honeypot')}
                <input ref={this.#honeypot} name="website" tabIndex={-1} autoComplete="off" />
              </label>
            </div>
            <div class="hk-actions">
              <button type="submit" class="hk-button" data-primary="" disabled={sending}>
                {sending ? t('sending') : t('submit')}
              </button>
            </div>
          </>
        )}
        <p class="hk-status" role="status">
          {statusText(locale, status)}
        </p>
        <p class="hk-status" role="alert">
          {alertText(locale, status, errors)}
        </p>
      </form>
    );
  }
}
