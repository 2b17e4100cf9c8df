import { anchoredEntry, changelogAnchor } from '@hearken/core/constants';
import { formatDate, useAdoptedStyles } from '@hearken/ui';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoadmapChangelog } from '../model/changelog.ts';
import type { ChangelogEntry } from '../model/changelog-history.ts';
import { CHANGELOG_CSS } from './changelog-css.ts';
import { Notes } from './notes.tsx';
import { RemoteImage } from './remote-image.tsx';
import { EmptyState, RetryNotice } from './states.tsx';
import type { Translate } from './translate.ts';

// A link to an entry older than this many pages stops looking.
const MAX_PAGES_FOR_ANCHOR = 20;

interface EntryProps {
  entry: ChangelogEntry;
  isNew: boolean;
  language: string;
  t: Translate;
}

function Entry({ entry, isNew, language, t }: EntryProps) {
  const anchor = changelogAnchor(entry.id);
  return (
    // Focusable from script only: "Show older" and links to an entry move focus here.
    <article id={anchor} class="hk-changelog" tabIndex={-1}>
      <h3 class="hk-changelog-title" dir="auto">
        {entry.title}
      </h3>
      <p class="hk-meta">
        {isNew && (
          <span class="hk-badge hk-changelog-new">
            <span aria-hidden="true">{t('new')}</span>
            <span class="hk-sr-only">{t('newChangelog')}, </span>
          </span>
        )}
        <time dateTime={entry.date}>{t('publishedOn', { date: formatDate(entry.date, language) })}</time>
        {entry.version ? <span> · {t('version', { version: entry.version })}</span> : null}
      </p>
      <RemoteImage class="hk-changelog-image" url={entry.imageUrl} loading="lazy" />
      <div dir="auto">
        <Notes value={entry.notes} />
      </div>
    </article>
  );
}

/** The hash's entry, following `hashchange`. */
function useAnchoredEntry(): string | null {
  const [id, setId] = useState(() => anchoredEntry(globalThis.location?.hash));
  useEffect(() => {
    const onChange = () => setId(anchoredEntry(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return id;
}

export interface ChangelogViewProps {
  changelog: RoadmapChangelog;
  /** Reloads the portal, and the history with it (the retry after a failed first page). */
  refresh: () => void;
  language: string;
  t: Translate;
}

/**
 * The published changelog, newest first, a page at a time; entries this reader has not seen are
 * marked new, and showing them records them as read. Without the whole history (no proxy in
 * changelog portal mode) it shows the latest entry alone, as a complete view.
 */
export function ChangelogView({ changelog, refresh, language, t }: ChangelogViewProps) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedStyles(root, CHANGELOG_CSS);
  const entries = changelog.entries.value;
  const history = changelog.state.value;
  const unread = changelog.unread.value;
  useEffect(() => {
    if (entries.length) changelog.markSeen();
  }, [entries[0]?.id, unread]);

  // After "Show older", focus goes to the first entry it brought, where the button was.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || index >= entries.length) return;
    focusIndex.current = null;
    root.current?.querySelectorAll<HTMLElement>('.hk-changelog')[index]?.focus({ preventScroll: true });
  }, [entries.length]);

  // A link to one entry: read older pages until it is in, then scroll to it.
  const anchored = useAnchoredEntry();
  const pagesRead = useRef(0);
  useEffect(() => {
    if (!anchored || history.status === 'loading') return;
    const scope = root.current?.getRootNode() as Document | ShadowRoot | undefined;
    const element = scope?.getElementById(changelogAnchor(anchored));
    if (element) {
      element.scrollIntoView({ block: 'start' });
      element.focus({ preventScroll: true });
    } else if (history.status === 'ready' && history.hasMore && !history.loadingOlder && !history.error) {
      if (pagesRead.current++ < MAX_PAGES_FOR_ANCHOR) void changelog.loadOlder();
    }
  }, [anchored, entries.length, history.status]);

  const showOlder = () => {
    focusIndex.current = entries.length;
    void changelog.loadOlder();
  };
  return (
    <div ref={root}>
      {history.status === 'error' && <RetryNotice text={t('historyFailed')} t={t} onRetry={refresh} />}
      {entries.length ? (
        <ol class="hk-changelog-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Entry entry={entry} isNew={changelog.isNew(entry.id)} language={language} t={t} />
            </li>
          ))}
        </ol>
      ) : history.status === 'loading' ? (
        <p class="hk-meta">{t('loading')}</p>
      ) : (
        <EmptyState text={t('noChangelog')} />
      )}
      {history.status === 'ready' && history.error && (
        <p class="hk-notice" role="alert">
          {t('olderFailed')}
        </p>
      )}
      {history.status === 'ready' && history.hasMore && (
        <button
          type="button"
          class="hk-button hk-changelog-older"
          aria-busy={history.loadingOlder}
          disabled={history.loadingOlder}
          onClick={showOlder}
        >
          {t(history.loadingOlder ? 'loadingOlder' : 'showOlder')}
        </button>
      )}
    </div>
  );
}
