import type { Translate } from '../translate.ts';
import type { Upvotes, UpvoteTarget } from '../upvotes.ts';

interface Props {
  target: UpvoteTarget;
  upvotes: number;
  state: Upvotes;
  t: Translate;
}

function errorText(t: Translate, target: UpvoteTarget, state: Upvotes): string | null {
  const error = state.error(target);
  if (!error) return null;
  if (error.retryAfterMs !== undefined)
    return t('upvoteRateLimited', { seconds: Math.ceil(error.retryAfterMs / 1000) });
  return t('upvoteFailed', { title: target.title });
}

/** The upvote count; a button that votes through the proxy when one is configured. */
export function UpvoteButton({ target, upvotes, state, t }: Props) {
  const count = state.count(target, upvotes);
  const countLabel = t('upvotes', { count });
  if (!state.enabled) {
    return (
      <span class="hk-votes" title={countLabel}>
        <span aria-hidden="true">▲ {count}</span>
        <span class="hk-sr-only">{countLabel}</span>
      </span>
    );
  }
  const voted = state.voted(target);
  const busy = state.pending(target);
  const error = errorText(t, target, state);
  return (
    <span class="hk-vote-wrap">
      <button
        type="button"
        class="hk-vote"
        aria-pressed={voted}
        aria-disabled={voted || busy}
        aria-label={`${t(voted ? 'upvoted' : 'upvote', { title: target.title })}, ${countLabel}`}
        onClick={() => state.vote(target, upvotes)}
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
