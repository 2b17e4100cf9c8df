/**
 * The feedback widget's form part: the model (draft, outbox, sending, suggestions, page context)
 * and the form, the dialog and the popup, with their styles. The view imports it on the
 * launcher's intent (pointer over it, focus, touch), at the latest when it is pressed; at once in
 * inline mode, when an earlier submission waits to be sent, or when a popup has an entry to show.
 */
import { adoptStyles, emit } from '@hearken/ui';
import { effect, untracked } from '@preact/signals';
import { createFeedbackModel, type FeedbackModel } from '../model/feedback-model.ts';
import type { LauncherParts } from '../model/launcher-parts.ts';
import type { ResolvedFeedbackOptions } from '../options.ts';
import type { FeedbackShell } from '../shell.ts';
import { CONTEXT_SUMMARY_CSS } from './context-summary.tsx';
import { FormApp } from './form-app.tsx';
import { FORM_CSS } from './styles.ts';
import { SUGGESTIONS_CSS } from './suggestions-css.ts';
import { WHATS_NEW_CSS } from './whats-new-css.ts';

/** The form part of one widget. */
export interface FormPart {
  readonly model: FeedbackModel;
  /** Its tree, which the view renders inside its themed root. */
  readonly View: () => preact.JSX.Element;
  destroy(): void;
}

/**
 * Makes the form's model over the launcher's `parts` (so nothing is read twice), kept in step with
 * the element's options, and adds the form's styles to `root`.
 */
export function createFormPart(shell: FeedbackShell, parts: LauncherParts, root: ShadowRoot): FormPart {
  const { host, options } = shell;
  for (const css of [FORM_CSS, SUGGESTIONS_CSS, WHATS_NEW_CSS, CONTEXT_SUMMARY_CSS]) {
    adoptStyles(root, css, options.nonce.peek());
  }
  // The model takes the parsed options as they are; it ignores those it does not read.
  const modelOptions = () => {
    const current: Partial<Record<string, unknown>> = {};
    for (const [name, value] of Object.entries(options)) current[name] = value.value;
    return current as ResolvedFeedbackOptions;
  };
  const model = createFeedbackModel(
    {
      ...untracked(modelOptions),
      // The model's events are typed already; they go out as the element's DOM events.
      onEvent: (type, detail) => emit(host, type, detail),
    },
    parts,
  );
  const stop = effect(() => model.update(modelOptions()));
  return {
    model,
    View: () => <FormApp shell={shell} model={model} />,
    destroy() {
      stop();
      model.dispose();
    },
  };
}
