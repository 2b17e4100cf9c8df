import type { Changelog } from '@hearken/core';
import { useAdoptedStyles } from '@hearken/ui';
import { RichText } from '@hearken/ui/rich-text';
import { useEffect, useRef } from 'preact/hooks';
import { CHANGELOG_CSS } from './changelog-css.ts';
import { RemoteImage } from './remote-image.tsx';
import { EmptyState } from './states.tsx';
import type { Translate } from './translate.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatDate(iso: string, language: string): string {
  let formatter = dateFormats.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    dateFormats.set(language, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

interface Props {
  changelog: Changelog | null;
  language: string;
  t: Translate;
  onSeen(): void;
}

/** The latest public changelog entry; opening it marks it as read. */
export function ChangelogView({ changelog, language, t, onSeen }: Props) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedStyles(root, CHANGELOG_CSS);
  useEffect(() => {
    if (changelog) onSeen();
  }, [changelog?.id]);
  return (
    <div ref={root}>
      {changelog ? (
        <article class="hk-changelog">
          <h3 class="hk-changelog-title" dir="auto">
            {changelog.title}
          </h3>
          <p class="hk-meta">
            <time dateTime={changelog.date}>{t('publishedOn', { date: formatDate(changelog.date, language) })}</time>
          </p>
          <RemoteImage class="hk-changelog-image" url={changelog.imageUrl} loading="lazy" />
          <div dir="auto">
            <RichText class="hk-notes" value={changelog.notes} />
          </div>
        </article>
      ) : (
        <EmptyState text={t('noChangelog')} />
      )}
    </div>
  );
}
