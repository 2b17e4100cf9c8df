import { format, parseThemeMode, ThemeScope, useLocale } from '@hearken/ui';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { FeedbackShell } from '../element/shell.ts';
import type { FeedbackModel } from '../model/feedback-model.ts';
import { catalog } from '../strings.ts';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { ScreenshotSlot } from './screenshot-slot.tsx';

/** The form's root: themes the widget, speaks its language, and shows the form inline or in the dialog. */
export function App({ shell, model }: { shell: FeedbackShell; model: FeedbackModel }) {
  const { options } = shell;
  const locale = useLocale(catalog, options.language.value, options.strings.value);
  const launcher = shell.launcher.value;
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!launcher) return;
    // The launcher button is drawn before the view loads; it moves inside the themed root.
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
  const opened = !inline && model.opened.value;
  useLayoutEffect(() => {
    launcher?.setAttribute('aria-expanded', String(opened));
  }, [launcher, opened]);
  const form = (
    <FeedbackForm
      model={model}
      locale={locale}
      identityToken={options.identityToken.value}
      attachments={
        <ScreenshotSlot
          model={model}
          label={format(locale, 'screenshotAdd')}
          language={options.language.value}
          strings={options.strings.value}
        />
      }
    />
  );
  return (
    <ThemeScope
      branding={model.branding.value}
      mode={parseThemeMode(options.theme.value)}
      lang={locale.language}
      dir={locale.dir}
      class={inline ? undefined : 'hk-floating'}
    >
      {launcher ? <span ref={slot} /> : null}
      {inline ? (
        form
      ) : opened ? (
        <Dialog
          title={format(locale, 'dialogTitle')}
          closeLabel={format(locale, 'close')}
          onClose={() => model.close()}
          returnFocus={model.returnFocus.value}
        >
          {form}
        </Dialog>
      ) : null}
    </ThemeScope>
  );
}
