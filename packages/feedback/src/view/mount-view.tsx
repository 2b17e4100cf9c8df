/**
 * The feedback widget's view, loaded when the browser is idle (or on the launcher's intent): the
 * launcher themed with the workspace's colours and its badge (the changelog's unread count, what
 * moved of this browser's requests), over the launcher's parts. The form part (the model's
 * sending, the form and the dialog) is a chunk of its own, loaded on the launcher's intent.
 */
import { BASE_CSS, lazyModule, mountShadow, resolveStorage } from '@hearken/ui';
import { patchOptions } from '@hearken/ui/option-signals';
import { batch, computed, effect, signal } from '@preact/signals';
import { emitFeedback, FORM_LOAD_ERROR } from '../events.ts';
import type { FocusTarget } from '../model/feedback-model.ts';
import { createLauncherParts } from '../model/launcher-parts.ts';
import type { OpenOptions, ResolvedFeedbackOptions } from '../options.ts';
import { createShell, type FeedbackStart } from '../shell.ts';
import { App } from './app.tsx';
import type { FormPart } from './form-part.tsx';
import { answerRoom } from './launcher-room.ts';
import { LAUNCHER_VIEW_CSS } from './launcher-view-css.ts';

/** The form part, loaded once per page on first need; a failed load (offline) is tried again next time. */
const loadForm = lazyModule(() => import('./form-part.tsx'));

/** What the eager element controls once the view is in. */
export interface FeedbackView {
  /** Takes the options a change named, parsed, and the launcher the element shows now (null in inline mode). */
  update(changes: Partial<ResolvedFeedbackOptions>, launcher: HTMLButtonElement | null): void;
  /** Loads the form part now (the launcher is about to be used), so the dialog opens at once. */
  prepare(): void;
  /**
   * Opens the form about what `request` names, once the form part is in; focus goes back to
   * `trigger` on close. Rejects when the form part cannot be loaded.
   */
  open(request: OpenOptions, trigger: FocusTarget | null): Promise<void>;
  close(): void;
  destroy(): void;
}

/**
 * Renders the themed launcher (or an inline form's room) in the host's shadow root over the
 * launcher's parts, kept in step with the element's options, and the form part once it is in.
 */
export function mountView(start: FeedbackStart): FeedbackView {
  const shell = createShell(start);
  const { host, options } = shell;
  const mount = mountShadow(host, { css: [BASE_CSS, LAUNCHER_VIEW_CSS], nonce: options.nonce.peek() });
  const parts = createLauncherParts(
    computed(() => ({
      proxy: options.proxy.value,
      apiBase: options.apiBase.value,
      workspace: options.workspace.value,
      fetch: options.fetch.value,
    })),
    computed(() => resolveStorage(options.storage.value)),
  );
  const form = signal<FormPart | null>(null);
  let destroyed = false;
  const loadPart = async (): Promise<FormPart | null> => {
    const module = await loadForm();
    if (destroyed) return null;
    form.value ??= module.createFormPart(shell, parts, mount.root);
    return form.value;
  };
  const prepare = () => {
    loadPart().catch(() => emitFeedback(host, 'hearken:error', FORM_LOAD_ERROR));
  };
  let unread = 0;
  let moved = 0;
  const stops = [
    effect(() => {
      const count = parts.whatsNew.unread.value;
      if (count === unread) return;
      unread = count;
      emitFeedback(host, 'hearken:unread', { count });
    }),
    effect(() => {
      const count = parts.requests.moved.value.length;
      if (count === moved) return;
      moved = count;
      emitFeedback(host, 'hearken:updates', { count });
    }),
    // An inline form is on screen at once; a popup has an entry to show.
    effect(() => {
      const popup = options.announce.value === 'popup' && parts.whatsNew.announcement.value !== null;
      if (options.mode.value === 'inline' || popup) prepare();
    }),
    answerRoom(shell),
  ];
  mount.render(<App shell={shell} parts={parts} form={form} />);
  return {
    update(changes, launcher) {
      batch(() => {
        patchOptions(options, changes);
        shell.launcher.value = launcher;
      });
    },
    prepare,
    async open(request, trigger) {
      const part = await loadPart();
      if (!part) return;
      part.model.open(request, trigger);
      // A form on screen (inline, or in a dialog already open) takes focus; an opening dialog focuses it itself.
      mount.root.getElementById('hk-text')?.focus();
    },
    close: () => form.peek()?.model.close(),
    destroy() {
      destroyed = true;
      for (const stop of stops) stop();
      mount.render(null);
      form.peek()?.destroy();
      parts.dispose();
    },
  };
}
