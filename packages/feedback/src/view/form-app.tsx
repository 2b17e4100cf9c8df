import type { ChangelogEntry } from '@hearken/core';
import { format, useLocale } from '@hearken/ui';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackShell } from '../shell.ts';
import { catalog } from '../strings.ts';
import { Announcement } from './announcement.tsx';
import { Dialog } from './dialog.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { ScreenshotSlot } from './screenshot-slot.tsx';
import { WhatsNew, WhatsNewEntry } from './whats-new.tsx';
import { YourRequests } from './your-requests.tsx';

/**
 * The form part's tree, inside the themed root the launcher's view draws: the form inline or in
 * the dialog, and the popup of a new changelog entry with its own dialog.
 */
export function FormApp({ shell, model }: { shell: FeedbackShell; model: FeedbackModel }) {
  const { options } = shell;
  const locale = useLocale(catalog, options.language.value, options.strings.value);
  const launcher = shell.launcher.value;
  const announce = options.announce.value;
  const inline = options.mode.value === 'inline';
  const opened = !inline && model.opened.value;
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
    <>
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
    </>
  );
}
