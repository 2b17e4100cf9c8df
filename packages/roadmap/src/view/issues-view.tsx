import type { Issue } from '@hearken/core';
import { safeUrl, useAdoptedStyles } from '@hearken/ui';
import { useRef } from 'preact/hooks';
import type { IssueSearch } from '../model/issue-search.ts';
import type { Voting } from '../model/voting.ts';
import { ISSUES_CSS } from './issues-css.ts';
import { useProgressiveCount } from './progressive.ts';
import { useRowCache } from './row-cache.ts';
import { EmptyState } from './states.tsx';
import type { Translate } from './translate.ts';
import { VoteControl } from './vote-control.tsx';

interface Props {
  search: IssueSearch;
  /** Every issue, matching or not. */
  issues: readonly Issue[];
  votes: Voting;
  t: Translate;
}

const webUrl = (url: string) => {
  const safe = safeUrl(url, 'link');
  return safe?.startsWith('http') ? safe : null;
};

function IssueRow({ issue, votes, t }: { issue: Issue; votes: Voting; t: Translate }) {
  const url = webUrl(issue.url);
  const moved = votes.movedTo(issue.id);
  return (
    <li>
      <article class="hk-issue">
        <h4 class="hk-card-title">
          <span class="hk-id">{issue.identifier}</span> <bdi>{issue.title}</bdi>
        </h4>
        {issue.priority && (
          // Isolated: the service's word keeps its own direction inside a right-to-left sentence.
          <p class="hk-meta">{t('priority', { priority: `\u2068${issue.priority}\u2069` })}</p>
        )}
        {issue.summary.length > 0 && (
          <ul class="hk-summary">
            {issue.summary.map((line, index) => (
              <li key={index} dir="auto">
                {line}
              </li>
            ))}
          </ul>
        )}
        {moved && <p class="hk-moved">{t('movedSince', { status: `\u2068${moved}\u2069` })}</p>}
        <div class="hk-actions">
          <VoteControl kind="issue" item={issue} votes={votes} t={t} />
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
export function IssuesView({ search, issues, votes, t }: Props) {
  const root = useRef<HTMLDivElement>(null);
  useAdoptedStyles(root, ISSUES_CSS);
  const query = search.query.value;
  const needle = query.trim();
  const matches = search.matches.value;
  const groups = search.groups.value;
  let budget = useProgressiveCount(matches.length);
  // Rows stay the same elements across the batches, so a batch renders only its new rows.
  const row = useRowCache((issue: Issue) => <IssueRow key={issue.id} issue={issue} votes={votes} t={t} />, [votes, t]);

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
          onInput={(event) => {
            search.query.value = event.currentTarget.value;
          }}
        />
      </search>
      <p class="hk-sr-only" role="status">
        {needle ? t('searchResults', { count: matches.length }) : ''}
      </p>
      {issues.length === 0 && <EmptyState text={t('noIssues')} />}
      {issues.length > 0 && matches.length === 0 && <EmptyState text={t('noMatches', { query: needle })} />}
      {groups.map((group) => {
        const shown = group.items.slice(0, Math.max(0, budget));
        budget -= shown.length;
        if (shown.length === 0) return null;
        return (
          <section class="hk-group" key={group.state ?? ''}>
            <h3 class="hk-group-title">
              <bdi>{group.state ?? t('noState')}</bdi> <span class="hk-count">{group.items.length}</span>
            </h3>
            <ul class="hk-list">{shown.map(row)}</ul>
          </section>
        );
      })}
    </div>
  );
}
