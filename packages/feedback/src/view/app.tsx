import { format, type Locale, ThemeScope, useLocale } from '@hearken/ui';
import type { ReadonlySignal } from '@preact/signals';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { type LauncherMessages, launcherCatalog } from '../launcher-strings.ts';
import type { LauncherParts } from '../model/launcher-parts.ts';
import type { FeedbackShell } from '../shell.ts';
import type { FormPart } from './form-part.tsx';
import { paintLauncher } from './unread-badge.ts';

/**
 * The view's root: themes the widget, speaks its language, and draws the launcher's badge from the
 * launcher's parts. The form (inline, or in the dialog) is the form part, once it has loaded; an
 * inline form's room is kept until then.
 */
export function App({
  shell,
  parts,
  form,
}: {
  shell: FeedbackShell;
  parts: LauncherParts;
  form: ReadonlySignal<FormPart | null>;
}) {
  const { options } = shell;
  const locale: Locale<LauncherMessages> = useLocale(launcherCatalog, options.language.value, options.strings.value);
  const launcher = shell.launcher.value;
  const slot = useRef<HTMLSpanElement>(null);
  const announce = options.announce.value;
  const unread = parts.whatsNew.unread.value;
  const moved = parts.requests.moved.value.length;
  useLayoutEffect(() => {
    if (!launcher) return;
    let frame = 0;
    // The launcher button is drawn before the view loads; it moves inside the themed root.
    const place = () => {
      // Not while it is pressed (pointer, touch or Space): the browser drops a press whose button
      // left the document, and the click that ends it would be lost.
      if (launcher.matches(':active')) {
        frame = requestAnimationFrame(place);
        return;
      }
      if (launcher.parentNode === slot.current) return;
      // Moving an element drops its focus, and a keyboard user may have reached the launcher first.
      // A launcher taken off the page (the element removed meanwhile) has no focus to keep.
      const focused = launcher.isConnected && (launcher.getRootNode() as ShadowRoot).activeElement === launcher;
      slot.current?.append(launcher);
      if (focused) launcher.focus({ preventScroll: true });
    };
    place();
    return () => cancelAnimationFrame(frame);
  }, [launcher]);
  useLayoutEffect(() => {
    if (!launcher) return;
    const shown = announce === 'off' ? 0 : unread;
    const label = format(locale, 'launcher');
    // The accessible name says both counts the badge adds up.
    const updates = [
      ...(shown ? [format(locale, 'newUpdates', { count: shown })] : []),
      ...(moved ? [format(locale, 'movedRequests', { count: moved })] : []),
    ].join(', ');
    paintLauncher(launcher, label, shown + moved, format(locale, 'launcherUnread', { label, updates }));
  }, [launcher, locale, unread, moved, announce]);

  const inline = options.mode.value === 'inline';
  const Form = form.value?.View;
  const opened = !inline && Boolean(form.value?.model.opened.value);
  useLayoutEffect(() => {
    launcher?.setAttribute('aria-expanded', String(opened));
  }, [launcher, opened]);
  return (
    <ThemeScope
      branding={parts.branding.workspace.value}
      mode={options.theme.value}
      lang={locale.language}
      dir={locale.dir}
      class={inline ? undefined : 'hk-floating'}
    >
      {launcher ? <span ref={slot} /> : null}
      {Form ? <Form /> : inline ? <i class="hk-hold" /> : null}
    </ThemeScope>
  );
}
