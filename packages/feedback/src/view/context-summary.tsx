import { Fragment } from 'preact';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackMessages } from '../strings.ts';

type Translate = (key: keyof FeedbackMessages & string, values?: Record<string, string | number>) => string;

/** The form's own context keys, by the word the summary uses for them. */
const GROUPS: Record<string, keyof FeedbackMessages> = {
  page_url: 'contextPage',
  page_title: 'contextPage',
  browser: 'contextBrowser',
  os: 'contextBrowser',
  language: 'contextLanguage',
  time_zone: 'contextLanguage',
  viewport: 'contextViewport',
};

/** The label of each of the form's own keys in the details list. */
const LABELS: Record<string, keyof FeedbackMessages> = {
  page_url: 'contextKey_page_url',
  page_title: 'contextKey_page_title',
  language: 'contextKey_language',
  time_zone: 'contextKey_time_zone',
  viewport: 'contextKey_viewport',
  browser: 'contextKey_browser',
  os: 'contextKey_os',
};

/** A host's key in words: `app_version` reads "app version". */
const friendly = (key: string) => key.replace(/[_.-]+/g, ' ').trim();

/** The CSS of {@link ContextSummary}. */
export const CONTEXT_SUMMARY_CSS = `
.hk-context-summary{display:grid;gap:6px;font-size:.85em}
.hk-context-summary label{display:flex;gap:8px;align-items:flex-start}
.hk-context-summary input{margin:2px 0 0;flex:none}
.hk-context-summary dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:6px 0 0}
.hk-context-summary dt{color:var(--hk-muted)}
.hk-context-summary dd{margin:0;overflow-wrap:anywhere}
`;

/**
 * What goes with the feedback besides the message, before it is sent: a checkbox naming it in
 * words ("Also send: page, browser, and app version"), checked until the user removes it
 * (unchecked until they tick it when the host asks), and the values under "Show details" with
 * readable labels ("Page", "Operating system"). Nothing when there is no context.
 */
export function ContextSummary({ model, t, language }: { model: FeedbackModel; t: Translate; language: string }) {
  const context = model.pageContext.value;
  const keys = Object.keys(context);
  if (keys.length === 0) return null;
  const name = (key: string) => (GROUPS[key] ? t(GROUPS[key]) : friendly(key));
  const items = new Intl.ListFormat(language, { type: 'conjunction' }).format([...new Set(keys.map(name))]);
  return (
    <div class="hk-context-summary">
      <label>
        <input
          type="checkbox"
          checked={model.contextIncluded.value}
          onChange={(event) => model.includeContext(event.currentTarget.checked)}
        />
        <span>{t('contextSent', { items })}</span>
      </label>
      <details>
        <summary>{t('contextDetails')}</summary>
        <dl>
          {/* Labels for people; a host's own key reads as its words (the service shows the keys). */}
          {keys.map((key) => (
            <Fragment key={key}>
              <dt dir={LABELS[key] ? undefined : 'auto'}>{LABELS[key] ? t(LABELS[key]) : friendly(key)}</dt>
              <dd dir="auto">{context[key]}</dd>
            </Fragment>
          ))}
        </dl>
      </details>
    </div>
  );
}
