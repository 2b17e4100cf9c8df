import type { ChangelogEntry } from '@hearken/core';
import { format, formatDate, type Locale } from '@hearken/ui';
import { useLayoutEffect } from 'preact/hooks';
import type { LauncherPosition } from '../options.ts';
import type { FeedbackMessages } from '../strings.ts';
import { changelogEntryLink } from './changelog-link.ts';

export interface AnnouncementProps {
  entry: ChangelogEntry;
  locale: Locale<FeedbackMessages>;
  position: LauncherPosition;
  changelogUrl: string | undefined;
  /** "Read more" without a changelog page: the entry, whole, in a dialog. */
  onOpen(): void;
  onClose(): void;
}

/**
 * The popup about the newest entry: a small card beside the launcher, not modal and never taking
 * focus (a live region reads it out), closed with its button or Escape.
 */
export function Announcement({ entry, locale, position, changelogUrl, onOpen, onClose }: AnnouncementProps) {
  // At once, not after the next frame: an Escape right after the card shows must close it.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  // "Read more" opens this entry: at its anchor on the host's changelog page, else in a dialog.
  const link = changelogEntryLink(changelogUrl, entry.id);
  const label = format(locale, 'seeUpdate');
  return (
    <section
      class="hk-announcement"
      part="announcement"
      data-position={position}
      aria-label={`${format(locale, 'whatsNew')}: ${entry.title}`}
      aria-live="polite"
    >
      <p class="hk-announcement-kicker">
        {format(locale, 'whatsNew')} · <time dateTime={entry.date}>{formatDate(entry.date, locale.language)}</time>
      </p>
      <p class="hk-announcement-title" dir="auto">
        {entry.title}
      </p>
      <p>
        {link ? (
          <a class="hk-link" href={link} target="_top">
            {label}
          </a>
        ) : (
          <button type="button" class="hk-link" onClick={onOpen}>
            {label}
          </button>
        )}
      </p>
      <button type="button" class="hk-close" aria-label={format(locale, 'dismiss')} onClick={onClose}>
        ×
      </button>
    </section>
  );
}
