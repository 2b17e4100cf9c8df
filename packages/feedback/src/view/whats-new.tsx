import type { ChangelogEntry } from '@hearken/core';
import { format, formatDate, type Locale, safeUrl } from '@hearken/ui';
import { RichText, richTextExcerpt } from '@hearken/ui/rich-text';
import { useEffect, useState } from 'preact/hooks';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackMessages } from '../strings.ts';
import { changelogLink } from './changelog-link.ts';

/** Entries the dialog shows; the host's changelog page has the rest. */
const SHOWN = 3;

export interface WhatsNewProps {
  model: FeedbackModel;
  locale: Locale<FeedbackMessages>;
  changelogUrl: string | undefined;
}

/**
 * The first lines of an entry's notes, as plain text: a clipped excerpt holding links let Tab land
 * on one out of sight (and the clipped lines then scrolled over each other), and its headings
 * outgrew the entry's title. The whole entry, links and all, is one "Read more" away.
 */
function Excerpt({ value }: { value: unknown }) {
  const [text, setText] = useState('');
  useEffect(() => {
    let live = true;
    richTextExcerpt(value).then(
      (words) => live && setText(words),
      () => live && setText(''),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return text ? (
    <p class="hk-excerpt" dir="auto">
      {text}
    </p>
  ) : null;
}

/** The link to the host's changelog page, where it has one. */
function AllUpdates({ changelogUrl, locale }: { changelogUrl: string | undefined; locale: Locale<FeedbackMessages> }) {
  const link = changelogLink(changelogUrl);
  return link ? (
    <a class="hk-link" href={link} target="_top">
      {format(locale, 'allUpdates')}
    </a>
  ) : null;
}

/**
 * The dialog's "What's new": the newest entries (title, date, image, the first lines of the
 * notes), those the reader had not seen marked new, and a link to the host's changelog page.
 * Shown, they count as read.
 */
export function WhatsNew({ model, locale, changelogUrl }: WhatsNewProps) {
  const entries = model.whatsNew.entries.value.slice(0, SHOWN);
  const unread = model.whatsNew.unread.value;
  useEffect(() => {
    if (entries.length) model.whatsNew.markSeen();
  }, [entries[0]?.id, unread]);
  if (!entries.length) return null;
  return (
    <section class="hk-whats-new" aria-labelledby="hk-whats-new-title">
      <h3 id="hk-whats-new-title">{format(locale, 'whatsNew')}</h3>
      <ul class="hk-entries">
        {entries.map((entry) => {
          const image = safeUrl(entry.imageUrl, 'image');
          return (
            <li key={entry.id} class="hk-entry">
              {image && <img class="hk-entry-image" src={image} alt="" loading="lazy" referrerpolicy="no-referrer" />}
              <h4 dir="auto">{entry.title}</h4>
              <p class="hk-hint">
                {model.whatsNew.isNewEntry(entry.id) && <span class="hk-new">{format(locale, 'newEntry')}</span>}
                <time dateTime={entry.date}>
                  {format(locale, 'publishedOn', { date: formatDate(entry.date, locale.language) })}
                </time>
              </p>
              <Excerpt value={entry.notes} />
            </li>
          );
        })}
      </ul>
      <AllUpdates changelogUrl={changelogUrl} locale={locale} />
    </section>
  );
}

export interface WhatsNewEntryProps {
  entry: ChangelogEntry;
  locale: Locale<FeedbackMessages>;
  changelogUrl: string | undefined;
}

/** One entry whole (the popup's "Read more" where the host has no changelog page): its notes, sanitised. */
export function WhatsNewEntry({ entry, locale, changelogUrl }: WhatsNewEntryProps) {
  const image = safeUrl(entry.imageUrl, 'image');
  return (
    <article class="hk-whats-new hk-entry-whole" aria-labelledby="hk-entry-title">
      <h3 id="hk-entry-title" class="hk-entry-title" dir="auto">
        {entry.title}
      </h3>
      <p class="hk-hint">
        <time dateTime={entry.date}>
          {format(locale, 'publishedOn', { date: formatDate(entry.date, locale.language) })}
        </time>
      </p>
      {image && <img class="hk-entry-image" src={image} alt="" referrerpolicy="no-referrer" />}
      <div dir="auto">
        <RichText class="hk-notes" value={entry.notes} />
      </div>
      <AllUpdates changelogUrl={changelogUrl} locale={locale} />
    </article>
  );
}
