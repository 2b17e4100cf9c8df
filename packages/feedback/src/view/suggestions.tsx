import { changelogAnchor } from '@hearken/core/constants';
import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackMessages } from '../strings.ts';
import { changelogLink } from './changelog-link.ts';

export interface SuggestionListProps {
  model: FeedbackModel;
  t: (key: keyof FeedbackMessages & string, values?: Record<string, string | number>) => string;
  /** Votes for an issue, as the form sends (with its honeypot and focus handling). */
  onVote: (issueId: string) => void;
  /** The host's changelog page, which a shipped request links to. */
  changelogUrl?: string | undefined;
}

/** `text` with the words of `shared` (letters and digits only, as the matcher splits words) marked, whole words only. */
function Highlighted({ text, shared }: { text: string; shared: readonly string[] }) {
  if (shared.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${shared.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  // Split with one capturing group: the odd parts are the shared words.
  return <>{text.split(pattern).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/**
 * The public issues like the draft, under the message field: a labelled list whose rows give the
 * title (the words the draft shares marked, and listed, so a user sees at a glance why it
 * matched), the status in the workspace's words and the votes, with a "Vote for this" button; a
 * request that shipped says so and links the changelog instead. A polite live region says how
 * many were found; nothing is chosen for the user.
 */
export function SuggestionList({ model, t, onVote, changelogUrl }: SuggestionListProps) {
  const items = model.suggestions.items.value;
  const voted = model.voted.value;
  const changelog = changelogLink(changelogUrl);
  return (
    <div class="hk-suggest">
      <p class="hk-sr-only" role="status">
        {items.length > 0 ? t('suggestionsFound', { count: items.length }) : ''}
      </p>
      {items.length > 0 ? (
        <>
          <p id="hk-suggest-label" class="hk-label">
            {t('suggestions')}
          </p>
          <p class="hk-hint">{t('suggestionsHint')}</p>
          <ul class="hk-suggest-list" aria-labelledby="hk-suggest-label">
            {items.map(({ issue, upvotes, shared, shipped, entry }) => {
              const chosen = voted?.issue.id === issue.id;
              const inTitle = shared.filter((word) => issue.title.includes(word));
              return (
                <li key={issue.id} class="hk-suggest-item">
                  <span class="hk-suggest-text">
                    <bdi class="hk-suggest-title">
                      <Highlighted text={issue.title} shared={inTitle} />
                    </bdi>
                    <span class="hk-suggest-meta">
                      <bdi>{shipped ? t('suggestionShipped') : issue.status}</bdi> ·{' '}
                      {t('suggestionVotes', { count: upvotes })}
                    </span>
                    {shared.length > 0 && (
                      <span class="hk-suggest-why">
                        {t('suggestionShares')}{' '}
                        <bdi>{shared.flatMap((word, i) => [i > 0 ? ', ' : '', <mark key={word}>{word}</mark>])}</bdi>
                      </span>
                    )}
                  </span>
                  {shipped ? (
                    changelog && (
                      <a
                        class="hk-link"
                        href={entry ? `${changelog}#${changelogAnchor(entry.id)}` : changelog}
                        target="_top"
                      >
                        {entry ? t('suggestionShippedIn', { title: entry.title }) : t('suggestionShippedSee')}
                      </a>
                    )
                  ) : (
                    // Named with the title too: five buttons saying only "Vote for this" would be alike.
                    <button
                      type="button"
                      class="hk-button"
                      data-voted={chosen ? '' : undefined}
                      onClick={() => onVote(issue.id)}
                    >
                      {chosen ? t('voted') : t('voteFor')}
                      <span class="hk-sr-only">
                        : <bdi>{issue.title}</bdi>
                      </span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
