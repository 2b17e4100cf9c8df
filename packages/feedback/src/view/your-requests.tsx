import type { ChangelogEntry } from '@hearken/core';
import { changelogAnchor } from '@hearken/core/constants';
import { format, formatDate, type Locale } from '@hearken/ui';
import { type AskedFor, currentOf, hasMoved } from '@hearken/ui/model';
import { useEffect, useState } from 'preact/hooks';
import type { FeedbackModel } from '../model/feedback-model.ts';
import { shippedIn } from '../model/shipped-in.ts';
import type { FeedbackMessages } from '../strings.ts';
import { changelogLink } from './changelog-link.ts';

export interface YourRequestsProps {
  model: FeedbackModel;
  locale: Locale<FeedbackMessages>;
  changelogUrl: string | undefined;
}

function Request({
  item,
  moved,
  entries,
  locale,
  link,
}: {
  item: AskedFor;
  /** It moved since the reader last looked (before this dialog marked it seen). */
  moved: boolean;
  entries: readonly ChangelogEntry[];
  locale: Locale<FeedbackMessages>;
  link: string | null;
}) {
  const title = item.latest?.title ?? item.title ?? format(locale, 'yourFeedback');
  const status = currentOf(item);
  const shipped = item.issue ? shippedIn(entries, item.issue, title) : undefined;
  return (
    <li class="hk-entry">
      <h4 dir="auto">{title}</h4>
      <p class="hk-hint">
        {status && (
          <span class={moved ? 'hk-new' : undefined} dir="auto">
            {status}
          </span>
        )}{' '}
        {item.latest && (
          <time dateTime={item.latest.updated_at}>
            {format(locale, 'requestChanged', { date: formatDate(item.latest.updated_at, locale.language) })}
          </time>
        )}
      </p>
      {shipped &&
        (link ? (
          <a class="hk-link" href={`${link.replace(/#.*$/, '')}#${changelogAnchor(shipped.id)}`} target="_top">
            {format(locale, 'shippedIn', { entry: shipped.title })}
          </a>
        ) : (
          <p class="hk-hint">{format(locale, 'shippedIn', { entry: shipped.title })}</p>
        ))}
    </li>
  );
}

/**
 * The dialog's "Your requests": what this browser sent and voted for, each with its title, its
 * status in the workspace's words, when it changed, and the changelog entry it shipped in.
 * Shown, what moved counts as seen.
 */
export function YourRequests({ model, locale, changelogUrl }: YourRequestsProps) {
  const items = model.requests.requests.value.items;
  const moving = model.requests.moved.value;
  // What had moved when the reader looked stays marked while the dialog is open, though now seen.
  const [moved] = useState(() => new Set<string>());
  for (const item of moving) moved.add(item.thread);
  useEffect(() => {
    if (moving.length) model.requests.markSeen();
  }, [moving.length]);
  if (!items.length) return null;
  const entries = model.whatsNew.entries.value;
  const link = changelogLink(changelogUrl);
  return (
    <section class="hk-whats-new" aria-labelledby="hk-your-requests-title">
      <h3 id="hk-your-requests-title">{format(locale, 'yourRequests')}</h3>
      <ul class="hk-entries">
        {[...items].reverse().map((item) => (
          <Request
            key={item.thread}
            item={item}
            moved={moved.has(item.thread) || hasMoved(item)}
            entries={entries}
            locale={locale}
            link={link}
          />
        ))}
      </ul>
    </section>
  );
}
