import type { Issue, Project } from '@hearken/core';
import { closesVoting } from '../model/grouping.ts';
import type { Voting } from '../model/voting.ts';
import { ClosedVotes } from './closed-votes.tsx';
import type { Translate } from './translate.ts';
import { UpvoteButton } from './upvote-button.tsx';

type Props = ({ kind: 'issue'; item: Issue } | { kind: 'project'; item: Project }) & { votes: Voting; t: Translate };

/**
 * An issue's or a project's votes: the upvote button, or the closed count where the item shipped
 * or will not be done (its status, or its project state).
 */
export function VoteControl(props: Props) {
  const { item, votes, t } = props;
  const [state, title] =
    props.kind === 'issue' ? [props.item.status, props.item.title] : [props.item.state, props.item.name];
  return state !== null && closesVoting(state) ? (
    <ClosedVotes state={state} upvotes={item.upvotes} t={t} />
  ) : (
    <UpvoteButton target={{ kind: props.kind, id: item.id, title }} upvotes={item.upvotes} votes={votes} t={t} />
  );
}
