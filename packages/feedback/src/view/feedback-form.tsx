import { PAIN_LEVELS } from '@hearken/core';
import { format, type Locale } from '@hearken/ui';
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Draft } from '../model/draft.ts';
import { FIELD_ORDER, type FieldErrors, type FieldName } from '../model/errors.ts';
import type { FeedbackModel } from '../model/feedback-model.ts';
import { identityEmail } from '../model/identity-claims.ts';
import { type FeedbackContext, MAX_MESSAGE } from '../model/input.ts';
import { FEEDBACK_KINDS } from '../options.ts';
import type { FeedbackMessages } from '../strings.ts';
import { ContextSummary } from './context-summary.tsx';
import { Field } from './field.tsx';
import { alertText, contextText, fieldErrorText, statusText } from './messages.ts';
import { SuggestionList } from './suggestions.tsx';

type Translate = (key: keyof FeedbackMessages & string, values?: Record<string, string | number>) => string;
type LineName = Exclude<FieldName, 'text' | 'painLevel' | 'kind' | 'notify'>;

export interface FeedbackFormProps {
  model: FeedbackModel;
  locale: Locale<FeedbackMessages>;
  identityToken: string | undefined;
  /** The host's changelog page, which a shipped suggestion links to. */
  changelogUrl?: string | undefined;
  /** Shown after the fields, before the submit button: the screenshot slot. */
  attachments?: ComponentChildren;
  /** The host's privacy page, linked beside what the form sends. */
  privacyUrl?: string | undefined;
}

/** The feedback form: a view of the model's draft, field errors and status. */
export function FeedbackForm({
  model,
  locale,
  identityToken,
  changelogUrl,
  attachments,
  privacyUrl,
}: FeedbackFormProps) {
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  // Set by the user's own submit or "send more": the control they used is about to be replaced.
  const keepFocus = useRef(false);
  const draft = model.draft.value;
  const context = model.context.value;
  const errors = model.errors.value;
  const status = model.status.value;
  const t: Translate = (key, values) => format(locale, key, values);
  const sending = status.kind === 'sending';
  const sent = status.kind === 'sent';
  // A vote waiting says so in the status line; the button is for the message.
  const savedOffline = status.kind === 'retry' && status.reason === 'offline' && !model.voted.value;
  const said = statusText(locale, status, model.voted.value);
  const alerted = alertText(locale, status, errors);

  // What became of a submission shows where the user is looking: beside the button they pressed,
  // scrolled into view in the dialog or the page.
  useEffect(() => {
    if (said || alerted) outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [said, alerted]);

  useFocusAfterSwap(formRef, keepFocus, sent);

  function vote(issueId: string): void {
    if (model.status.peek().kind === 'sending') return;
    keepFocus.current = true;
    void model.vote(issueId, { honeypot: honeypot.current?.value ?? '' });
  }

  function submit(event: Event): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    void model.submit({ honeypot: honeypot.current?.value ?? '' });
    // The check runs before the submission is sent, so its errors are known now. By id: the
    // fields are not marked invalid until the next render.
    const invalid = FIELD_ORDER.find((field) => model.errors.peek()[field]);
    if (invalid) form.querySelector<HTMLElement>(`#hk-${invalid}`)?.focus();
    keepFocus.current = !invalid;
  }

  const line = (name: LineName, type: 'text' | 'email' = 'text', autoComplete?: string) =>
    lineField({ name, type, autoComplete, locale, errors, draft, model, t });

  return (
    <form ref={formRef} class="hk-form" noValidate onSubmit={submit}>
      {sent ? null : (
        <>
          <p class="hk-hint">{t('intro')}</p>
          {context.issueId || context.projectId ? aboutLine(context, locale, model, t) : null}
          <Field
            name="text"
            label={t('message')}
            error={fieldErrorText(locale, errors.text)}
            hint={t('messageHint', { count: draft.text.length, max: MAX_MESSAGE })}
          >
            {(control) => (
              <textarea
                {...control}
                required
                maxLength={MAX_MESSAGE}
                value={draft.text}
                onInput={(event) => model.edit('text', event.currentTarget.value)}
              />
            )}
          </Field>
          <SuggestionList model={model} t={t} onVote={vote} changelogUrl={changelogUrl} />
          {line('title')}
          {kinds(model.kinds.value, draft, model, t)}
          {painLevels(draft, model, t)}
          {contactLines(identityToken, draft, model, t, line)}
          {attachments}
          <ContextSummary model={model} t={t} language={locale.language} />
          {privacyUrl ? (
            <p class="hk-hint">
              <a href={privacyUrl} target="_blank" rel="noopener">
                {t('privacy')}
              </a>
            </p>
          ) : null}
          <div class="hk-sr-only" aria-hidden="true">
            <label>
              {t('honeypot')}
              <input ref={honeypot} name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
        </>
      )}
      {/* After the confirmation: what was sent and where first, then the way back. */}
      {outcomeLines({
        outcome,
        said,
        alerted,
        sent,
        button: sending ? t('sending') : savedOffline ? t('savedOffline') : t('submit'),
        sending,
        t,
        onMore: () => {
          keepFocus.current = true;
          model.reset();
        },
      })}
    </form>
  );
}

// Helpers that return elements (not components), so the form's tree and each control's identity
// stay as they were: a focused control is never remounted.

/** A one-line field of the draft: title, email or name. */
function lineField({
  name,
  type,
  autoComplete,
  locale,
  errors,
  draft,
  model,
  t,
}: {
  name: LineName;
  type: 'text' | 'email';
  autoComplete: string | undefined;
  locale: Locale<FeedbackMessages>;
  errors: FieldErrors;
  draft: Draft;
  model: FeedbackModel;
  t: Translate;
}) {
  return (
    <Field name={name} label={t(name)} error={fieldErrorText(locale, errors[name])}>
      {(control) => (
        <input
          {...control}
          // Preact's typings tie every type but "text" to a `list`; both values are plain inputs here.
          type={type as 'text'}
          autoComplete={autoComplete}
          value={draft[name]}
          onInput={(event) => model.edit(name, event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** What the feedback is about, with the way to remove it. */
function aboutLine(context: FeedbackContext, locale: Locale<FeedbackMessages>, model: FeedbackModel, t: Translate) {
  return (
    <p class="hk-context">
      <span>{contextText(locale, context)}</span>
      <button type="button" class="hk-link" onClick={() => model.setContext({})}>
        {t('removeContext')}
      </button>
    </p>
  );
}

/** The pain level, one radio button per level. */
function painLevels(draft: Draft, model: FeedbackModel, t: Translate) {
  const group = { field: 'painLevel', name: 'hk-pain', className: 'hk-pain', legend: t('pain') } as const;
  return radioGroup(group, PAIN_LEVELS, draft, model, (level) => t(`pain_${level}`));
}

/** The kinds of feedback as chips: one radio group, arrow keys move between them. */
function kinds(offered: readonly string[], draft: Draft, model: FeedbackModel, t: Translate) {
  if (offered.length === 0) return null;
  const group = { field: 'kind', name: 'hk-kind', className: 'hk-pain hk-kind', legend: t('kind') } as const;
  return radioGroup(group, offered, draft, model, (kind) => kindLabel(kind, t));
}

/** A fieldset of radio buttons, one per value, that edits one field of the draft. */
function radioGroup<F extends 'painLevel' | 'kind'>(
  group: { field: F; name: string; className: string; legend: string },
  values: readonly Draft[F][],
  draft: Draft,
  model: FeedbackModel,
  label: (value: Draft[F]) => string,
) {
  return (
    <fieldset class={group.className}>
      <legend class="hk-label">{group.legend}</legend>
      <div>
        {values.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={group.name}
              value={value}
              checked={draft[group.field] === value}
              onChange={() => model.edit(group.field, value)}
            />
            <span>{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A built-in kind in the reader's language; a host's own as the host wrote it. */
function kindLabel(kind: string, t: Translate): string {
  return (FEEDBACK_KINDS as readonly string[]).includes(kind)
    ? t(`kind_${kind as (typeof FEEDBACK_KINDS)[number]}`)
    : kind;
}

/** After the confirmation: the way back to a new submission. */
function sendMore(t: Translate, onClick: () => void) {
  return (
    <div key="more" class="hk-actions">
      <button type="button" class="hk-button" onClick={onClick}>
        {t('sendAnother')}
      </button>
    </div>
  );
}

/** Who is writing: the signed-in email or the email field, "Email me when this changes", the name. */
function contactLines(
  identityToken: string | undefined,
  draft: Draft,
  model: FeedbackModel,
  t: Translate,
  line: (name: LineName, type?: 'text' | 'email', autoComplete?: string) => ComponentChildren,
) {
  const signedInAs = identityToken ? identityEmail(identityToken) : null;
  return (
    <>
      {identityToken ? (
        signedInAs ? (
          <p class="hk-hint">{t('signedInAs', { email: signedInAs })}</p>
        ) : null
      ) : (
        line('email', 'email', 'email')
      )}
      <label class="hk-check">
        <input
          type="checkbox"
          checked={draft.notify}
          onChange={(event) => model.edit('notify', event.currentTarget.checked)}
        />
        <span>{t('notifyMe')}</span>
      </label>
      {identityToken ? null : line('name', 'text', 'name')}
    </>
  );
}

/** The status and alert lines, then the send button (saying what became of the press) or "send more". */
function outcomeLines({
  outcome,
  said,
  alerted,
  sent,
  button,
  sending,
  t,
  onMore,
}: {
  outcome: RefObject<HTMLDivElement | null>;
  said: string;
  alerted: string;
  sent: boolean;
  button: string;
  sending: boolean;
  t: Translate;
  onMore: () => void;
}) {
  return (
    <div ref={outcome} class="hk-outcome">
      <p class="hk-status" role="status">
        {said}
      </p>
      <p class="hk-status" role="alert">
        {alerted}
      </p>
      {sent ? (
        sendMore(t, onMore)
      ) : (
        <div key="send" class="hk-actions">
          <button type="submit" class="hk-button" data-primary="" disabled={sending}>
            {button}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The submit button gives way to "Send more feedback" and back: moves the focus to what replaced
 * it when the user's own press asked for it (`keepFocus`), unless they have meanwhile gone
 * elsewhere on the page.
 */
function useFocusAfterSwap(formRef: RefObject<HTMLFormElement | null>, keepFocus: { current: boolean }, sent: boolean) {
  useEffect(() => {
    const form = formRef.current;
    if (!keepFocus.current || !form?.isConnected) return;
    keepFocus.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && !form.contains((form.getRootNode() as ShadowRoot).activeElement)) return;
    form.querySelector<HTMLElement>(sent ? '.hk-actions button' : '#hk-text')?.focus();
  }, [sent]);
}
