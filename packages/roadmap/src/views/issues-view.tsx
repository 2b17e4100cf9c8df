import type { Issue } from '@hearken/core';
import { safeUrl, useAdoptedStyles } from '@hearken/ui';
import { useMemo, useRef, useState } from 'preact/hooks';
import { groupByState } from '../grouping.ts';
import { useProgressiveCount } from '../progressive.ts';
import { useRowCache } from '../row-cache.ts';
import type { Translate } from '../translate.ts';
import type { Upvotes } from '../upvotes.ts';
import { ISSUES_CSS } from './issues-css.ts';
import { EmptyState } from './states.tsx';
import { UpvoteButton } from './upvote-button.tsx';

interface Props {
  issues: readonly Issue[];
  upvotes: Upvotes;
  t: Translate;
}

const webUrl = (url: string) => {
  const safe = safeUrl(url, 'link');
  return safe?.startsWith('http') ? safe : null;
};

function IssueRow({ issue, upvotes, t }: { issue: Issue; upvotes: Upvotes; t: Translate }) {
  const url = webUrl(issue.url);
  return (
    <li>
      <article class="hk-issue">
        <h4 class="hk-card-title">
          <span class="hk-id">{issue.identifier}</span> {issue.title}
        </h4>
        {issue.priority && <p class="hk-meta">{t('priority', { priority: issue.priority })}</p>}
        {issue.summary.length > 0 && (
          <ul class="hk-summary">
            {issue.summary.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        )}
        <div class="hk-actions">
          <UpvoteButton
            target={{ kind: 'issue', id: issue.id, title: issue.title }}
            upvotes={issue.upvotes}
            state={upvotes}
            t={t}
          />
          {url && (
            <a class="hk-link" href={url} target="_blank" rel="noopener noreferrer">
              {t('openIssue', { identifier: issue.identifier })}
            </a>
          )}
        </div>
      </article>
    </li>
  );
}

/** Issues grouped by status, with a search box that filters as you type. */
export function IssuesView({ issues, upvotes, t }: Props) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedStyles(root, ISSUES_CSS);
  const [query, setQuery] = useState('');
  // Each issue's search text, built on the first search (the first render does not need it) and
  // then kept, so each keystroke is a plain substring scan.
  const texts = useMemo(() => {
    let built: string[] | undefined;
    return () =>
      (built ??= issues.map((issue) => `${issue.identifier} ${issue.title} ${issue.summary.join(' ')}`.toLowerCase()));
  }, [issues]);
  const needle = query.trim().toLowerCase();
  const matches = useMemo(() => {
    if (!needle) return issues;
    const all = texts();
    return issues.filter((_, index) => all[index]!.includes(needle));
  }, [issues, texts, needle]);
  const groups = useMemo(
    () =>
      groupByState(
        matches,
        (i) => i.status,
        (i) => i.title,
      ),
    [matches],
  );
  let budget = useProgressiveCount(matches.length);
  const row = useRowCache(
    (issue: Issue) => <IssueRow key={issue.id} issue={issue} upvotes={upvotes} t={t} />,
    [upvotes, t],
  );

  return (
    <div ref={root}>
      <search class="hk-search">
        <label class="hk-sr-only" for="hk-search">
          {t('search')}
        </label>
        <input
          id="hk-search"
          type="search"
          placeholder={t('search')}
          value={query}
          autocomplete="off"
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
      </search>
      <p class="hk-sr-only" role="status">
        {needle ? t('searchResults', { count: matches.length }) : ''}
      </p>
      {issues.length === 0 && <EmptyState text={t('noIssues')} />}
      {issues.length > 0 && matches.length === 0 && <EmptyState text={t('noMatches', { query: query.trim() })} />}
      {groups.map((group) => {
        const shown = group.items.slice(0, Math.max(0, budget));
        budget -= shown.length;
        if (shown.length === 0) return null;
        return (
          <section class="hk-group" key={group.state ?? ''}>
            <h3 class="hk-group-title">
              {group.state ?? t('noState')} <span class="hk-count">{group.items.length}</span>
            </h3>
            <ul class="hk-list">{shown.map(row)}</ul>
          </section>
        );
      })}
    </div>
  );
}
