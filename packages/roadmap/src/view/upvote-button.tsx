import type { UpvoteTarget } from '../model/upvote-client.ts';
import type { VoteState } from '../model/votes.ts';
import type { Voting } from '../model/voting.ts';
import type { Translate } from './translate.ts';

interface Props {
  target: UpvoteTarget;
  /** The service's count. */
  upvotes: number;
  votes: Voting;
  t: Translate;
}

function errorText(t: Translate, target: UpvoteTarget, vote: VoteState): string | null {
  const error = vote.error.value;
  if (!error) return null;
  if (error.retryAfterMs !== undefined)
    return t('upvoteRateLimited', { seconds: Math.ceil(error.retryAfterMs / 1000) });
  return t('upvoteFailed', { title: target.title });
}

/**
 * The upvote count; a button that votes through the proxy when one is configured, and takes the
 * vote back on a second press where the proxy's receipt for it is kept. It reads its
 * item's vote signals itself, so a vote re-renders this button and nothing around it.
 */
export function UpvoteButton({ target, upvotes, votes, t }: Props) {
  const vote = votes.of(target);
  const count = upvotes + vote.added.value;
  const countLabel = t('upvotes', { count });
  if (!votes.enabled.value) {
    return (
      <span class="hk-votes" title={countLabel}>
        <span aria-hidden="true">▲ {count}</span>
        <span class="hk-sr-only">{countLabel}</span>
      </span>
    );
  }
  const voted = vote.voted.value;
  const withdrawable = vote.withdrawable.value;
  const busy = vote.pending.value;
  const error = errorText(t, target, vote);
  const action = withdrawable ? 'withdrawVote' : voted ? 'upvoted' : 'upvote';
  return (
    <span class="hk-vote-wrap">
      <button
        type="button"
        class="hk-vote"
        aria-pressed={voted}
        aria-disabled={(voted && !withdrawable) || busy}
        aria-label={`${t(action, { title: target.title })}, ${countLabel}`}
        onClick={() => void votes.vote(target)}
      >
        <span aria-hidden="true">▲</span>
        <span>{count}</span>
      </button>
      {error && (
        <span class="hk-vote-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
