import type { Translate } from './translate.ts';

interface Props {
  /** The item's state or status, in the tracker's words: it says why voting is closed. */
  state: string;
  upvotes: number;
  t: Translate;
}

/**
 * The votes of an item that shipped or will not be done: the count, to read, and the item's own
 * state word saying why there is nothing to vote on, in place of the upvote button.
 */
export function ClosedVotes({ state, upvotes, t }: Props) {
  return (
    <span class="hk-votes">
      <span aria-hidden="true">▲ {upvotes}</span>
      <span class="hk-sr-only">{t('upvotes', { count: upvotes })}. </span>
      {/* Isolated: the service's word keeps its own direction inside a right-to-left sentence. */}
      <span class="hk-closed">{t('votingClosed', { status: `\u2068${state}\u2069` })}</span>
    </span>
  );
}
