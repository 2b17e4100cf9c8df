/**
 * The feedback widget's lazily loaded part: Preact, the form, the model and the API client. The
 * eager element (element/mount.ts) imports it when the form is about to be needed.
 */
import { BASE_CSS, emit, mountShadow } from '@hearken/ui';
import { patchOptions } from '@hearken/ui/option-signals';
import { batch, effect, untracked } from '@preact/signals';
import { createFeedbackModel, type FocusTarget } from '../model/feedback-model.ts';
import type { OpenOptions, ResolvedFeedbackOptions } from '../options.ts';
import { createShell, type FeedbackStart } from '../shell.ts';
import { App } from './app.tsx';
import { CONTEXT_SUMMARY_CSS } from './context-summary.tsx';
import { answerRoom } from './launcher-room.ts';
import { FORM_CSS } from './styles.ts';
import { SUGGESTIONS_CSS } from './suggestions-css.ts';
import { WHATS_NEW_CSS } from './whats-new-css.ts';

/** What the eager element controls once the view is in. */
export interface FeedbackView {
  /** Takes the options a change named, parsed, and the launcher the element shows now (null in inline mode). */
  update(changes: Partial<ResolvedFeedbackOptions>, launcher: HTMLButtonElement | null): void;
  /** Opens the form about what `request` names; focus goes back to `trigger` on close. */
  open(request: OpenOptions, trigger: FocusTarget | null): void;
  close(): void;
  destroy(): void;
}

/**
 * Renders the form in the host's shadow root (theming the launcher) over a feedback model kept
 * in step with the element's options, which it holds as signals from now on.
 */
export function mountView(start: FeedbackStart): FeedbackView {
  const shell = createShell(start);
  const { host, options } = shell;
  const mount = mountShadow(host, {
    css: [BASE_CSS, FORM_CSS, SUGGESTIONS_CSS, WHATS_NEW_CSS, CONTEXT_SUMMARY_CSS],
    nonce: options.nonce.peek(),
  });
  // The model takes the parsed options as they are; it ignores those it does not read.
  const modelOptions = () => {
    const current: Partial<Record<string, unknown>> = {};
    for (const [name, value] of Object.entries(options)) current[name] = value.value;
    return current as ResolvedFeedbackOptions;
  };
  const model = createFeedbackModel({
    ...untracked(modelOptions),
    // The model's events are typed already; they go out as the element's DOM events.
    onEvent: (type, detail) => emit(host, type, detail),
  });
  let unread = 0;
  let moved = 0;
  const stops = [
    effect(() => model.update(modelOptions())),
    effect(() => {
      const count = model.whatsNew.unread.value;
      if (count === unread) return;
      unread = count;
      emit(host, 'hearken:unread', { count });
    }),
    effect(() => {
      const count = model.requests.moved.value.length;
      if (count === moved) return;
      moved = count;
      emit(host, 'hearken:updates', { count });
    }),
    answerRoom(shell),
  ];
  mount.render(<App shell={shell} model={model} />);
  return {
    update(changes, launcher) {
      batch(() => {
        patchOptions(options, changes);
        shell.launcher.value = launcher;
      });
    },
    open(request, trigger) {
      model.open(request, trigger);
      // A form on screen (inline, or in a dialog already open) takes focus; an opening dialog focuses it itself.
      mount.root.getElementById('hk-text')?.focus();
    },
    close: () => model.close(),
    destroy() {
      for (const stop of stops) stop();
      mount.render(null);
      model.dispose();
    },
  };
}
