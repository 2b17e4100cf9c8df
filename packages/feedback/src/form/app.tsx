import type { Workspace } from '@hearken/core';
import { BASE_CSS, emit, format, mountShadow, parseThemeMode, ThemeScope, useLocale } from '@hearken/ui';
import { effect, untracked, useSignal, useSignalEffect } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { createFeedbackModel, type FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackShell, OptionSignals } from '../shell.ts';
import { catalog } from '../strings.ts';
import { loadBranding } from './branding.ts';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { FORM_CSS } from './styles.ts';

/** The workspace's branding for the current proxy (or `apiBase`) and workspace; null until read. */
function useBranding(options: OptionSignals): Workspace | null {
  const branding = useSignal<Workspace | null>(null);
  useSignalEffect(() => {
    const base = options.apiBase.value ?? options.proxy.value;
    const workspace = options.workspace.value;
    const fetch = options.fetch.value;
    if (!base || !workspace) {
      branding.value = null;
      return;
    }
    const controller = new AbortController();
    void loadBranding(base, workspace, fetch, controller.signal).then((loaded) => {
      if (!controller.signal.aborted) branding.value = loaded;
    });
    return () => controller.abort();
  });
  return branding.value;
}

/** The form's root: themes the widget, speaks its language, and shows the form inline or in the dialog. */
function App({ shell, model }: { shell: FeedbackShell; model: FeedbackModel }) {
  const { options } = shell;
  const locale = useLocale(catalog, options.language.value, options.strings.value);
  const branding = useBranding(options);
  const launcher = shell.launcher.value;
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!launcher) return;
    // The launcher button is drawn before the form code loads; it moves inside the themed root.
    if (launcher.parentNode !== slot.current) {
      // Moving an element drops its focus, and a keyboard user may have reached the launcher first.
      // A launcher taken off the page (the element removed meanwhile) has no focus to keep.
      const focused = launcher.isConnected && (launcher.getRootNode() as ShadowRoot).activeElement === launcher;
      slot.current?.append(launcher);
      if (focused) launcher.focus({ preventScroll: true });
    }
    launcher.textContent = format(locale, 'launcher');
  }, [launcher, locale]);

  const inline = options.mode.value === 'inline';
  const form = <FeedbackForm model={model} locale={locale} identityToken={options.identityToken.value} />;
  return (
    <ThemeScope
      branding={branding}
      mode={parseThemeMode(options.theme.value)}
      lang={locale.language}
      dir={locale.dir}
      class={inline ? undefined : 'hk-floating'}
    >
      {launcher ? <span ref={slot} /> : null}
      {inline ? (
        form
      ) : shell.open.value ? (
        <Dialog
          title={format(locale, 'dialogTitle')}
          closeLabel={format(locale, 'close')}
          onClose={shell.close}
          returnFocus={shell.trigger}
        >
          {form}
        </Dialog>
      ) : null}
    </ThemeScope>
  );
}

/**
 * Renders the form in the shell's shadow root (theming the launcher) with a feedback model kept
 * in step with the element's options; called by `mountFeedback` once the form code has loaded.
 */
export function mountForm(shell: FeedbackShell): { destroy(): void } {
  const { host, options } = shell;
  const mount = mountShadow(host, { css: [BASE_CSS, FORM_CSS], nonce: options.nonce.peek() });
  const modelOptions = () => ({
    proxy: options.proxy.value,
    workspace: options.workspace.value,
    identityToken: options.identityToken.value,
    fetch: options.fetch.value,
    storage: options.storage.value,
  });
  const model = createFeedbackModel({
    ...untracked(modelOptions),
    // The model's events are typed already; they go out as the element's DOM events.
    onEvent: (type, detail) => emit(host, type, detail),
  });
  const stops = [
    effect(() => model.update(modelOptions())),
    // The options name what the feedback is about, until an `open()` names something else.
    effect(() =>
      model.setContext({
        projectId: options.projectId.value,
        issueId: options.issueId.value,
        title: options.contextTitle.value,
      }),
    ),
    effect(() => {
      const request = shell.request.value;
      if (!request) return;
      untracked(() => {
        shell.request.value = null;
        // A call naming its own project or issue must not keep the attribute's title for another one.
        const named = Boolean(request.projectId || request.issueId);
        model.setContext({
          projectId: request.projectId ?? options.projectId.peek(),
          issueId: request.issueId ?? options.issueId.peek(),
          title: named ? request.contextTitle : (request.contextTitle ?? options.contextTitle.peek()),
        });
        if (request.text) model.preset(request.text);
        // A form on screen (inline, or in a dialog already open) takes focus; an opening dialog focuses it itself.
        mount.root.getElementById('hk-text')?.focus();
      });
    }),
  ];
  mount.render(<App shell={shell} model={model} />);
  return {
    destroy() {
      for (const stop of stops) stop();
      mount.render(null);
      model.dispose();
    },
  };
}
