import { format, ThemeScope, useLocale } from '@hearken/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { ChangelogEntry } from '../model/whats-new.ts';
import type { FeedbackShell } from '../shell.ts';
import { catalog } from '../strings.ts';
import { Announcement } from './announcement.tsx';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { ScreenshotSlot } from './screenshot-slot.tsx';
import { paintLauncher } from './unread-badge.ts';
import { WhatsNew, WhatsNewEntry } from './whats-new.tsx';
import { YourRequests } from './your-requests.tsx';

/** The form's root: themes the widget, speaks its language, and shows the form inline or in the dialog. */
export function App({ shell, model }: { shell: FeedbackShell; model: FeedbackModel }) {
  const { options } = shell;
  const locale = useLocale(catalog, options.language.value, options.strings.value);
  const launcher = shell.launcher.value;
  const slot = useRef<HTMLSpanElement>(null);
  const announce = options.announce.value;
  const unread = model.whatsNew.unread.value;
  const moved = model.requests.moved.value.length;
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
  const opened = !inline && model.opened.value;
  useLayoutEffect(() => {
    launcher?.setAttribute('aria-expanded', String(opened));
  }, [launcher, opened]);
  // The popup's entry, kept while it shows: showing it is what records it as announced.
  const [card, setCard] = useState<ChangelogEntry | null>(null);
  const announcement = model.whatsNew.announcement.value;
  useEffect(() => {
    if (announce !== 'popup' || !launcher || !announcement || opened) return;
    setCard(announcement);
    model.whatsNew.markAnnounced();
  }, [announce, launcher, announcement?.id, opened]);
  const closeCard = useRef(() => setCard(null)).current;
  // The entry the popup's "Read more" opened, shown whole in a dialog of its own.
  const [reading, setReading] = useState<ChangelogEntry | null>(null);
  const form = (
    <FeedbackForm
      model={model}
      locale={locale}
      identityToken={options.identityToken.value}
      changelogUrl={options.changelogUrl.value}
      privacyUrl={options.privacyUrl.value}
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
      branding={model.branding.workspace.value}
      mode={options.theme.value}
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
          <YourRequests model={model} locale={locale} changelogUrl={options.changelogUrl.value} />
          <WhatsNew model={model} locale={locale} changelogUrl={options.changelogUrl.value} />
        </Dialog>
      ) : null}
      {card && launcher && !opened && announce === 'popup' ? (
        <Announcement
          entry={card}
          locale={locale}
          position={options.position.value}
          changelogUrl={options.changelogUrl.value}
          onClose={closeCard}
          onOpen={() => {
            setCard(null);
            setReading(card);
          }}
        />
      ) : null}
      {reading && launcher && !opened ? (
        <Dialog
          title={format(locale, 'whatsNew')}
          closeLabel={format(locale, 'close')}
          onClose={() => setReading(null)}
          returnFocus={launcher}
        >
          <WhatsNewEntry entry={reading} locale={locale} changelogUrl={options.changelogUrl.value} />
        </Dialog>
      ) : null}
    </ThemeScope>
  );
}
