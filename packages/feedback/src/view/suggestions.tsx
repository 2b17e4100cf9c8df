import type { FeedbackModel } from '../model/feedback-model.ts';
import type { FeedbackMessages } from '../strings.ts';

export interface SuggestionListProps {
  model: FeedbackModel;
  t: (key: keyof FeedbackMessages & string, values?: Record<string, string | number>) => string;
  /** Votes for an issue, as the form sends (with its honeypot and focus handling). */
  onVote: (issueId: string) => void;
}

/**
 * The public issues like the draft, under the message field: a labelled list whose rows give the
 * title, the status in the workspace's words and the votes, with a "Vote for this" button. A
 * polite live region says how many were found; nothing is chosen for the user.
 */
export function SuggestionList({ model, t, onVote }: SuggestionListProps) {
  const items = model.suggestions.value;
  const voted = model.voted.value;
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
            {items.map(({ issue, upvotes }) => {
              const chosen = voted?.issue.id === issue.id;
              return (
                <li key={issue.id} class="hk-suggest-item">
                  <span class="hk-suggest-text">
                    <bdi class="hk-suggest-title">{issue.title}</bdi>
                    <span class="hk-suggest-meta">
                      <bdi>{issue.status}</bdi> · {t('suggestionVotes', { count: upvotes })}
                    </span>
                  </span>
                  {/* Named with the title too: five buttons saying only "Vote for this" would be alike. */}
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
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
