import type { Issue, Project } from '@hearken/core';
import { roadmapVotesKey } from '@hearken/core';
import type { KeyValueStorage } from '@hearken/ui/dom';
import { currentOf, persisted, type RequestUpdates } from '@hearken/ui/model';
import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { RoadmapData, RoadmapError } from './load.ts';
import type { SendUpvote, UpvoteTarget } from './upvote-client.ts';
import { createVotes, parseList, type VoteState } from './votes.ts';

/** The reader's upvotes: optimistic, remembered per workspace, shared with the page's other tabs. */
export interface Voting {
  /** Whether votes can be sent (a proxy is set). */
  readonly enabled: ReadonlySignal<boolean>;
  /** The status an issue this reader voted for moved to since they last saw it, if it moved. */
  movedTo(issueId: string): string | undefined;
  /** One item's vote state; the same signals every time for the same item. */
  of(target: Pick<UpvoteTarget, 'kind' | 'id'>): VoteState;
  /**
   * Votes for an item (once per reader), or takes the reader's vote back when it is `withdrawable`;
   * resolves when the service answered. Errors go to `onError`.
   */
  vote(target: UpvoteTarget): Promise<void>;
}

export interface VotingOptions {
  storage: ReadonlySignal<KeyValueStorage>;
  workspace: ReadonlySignal<string>;
  sender: ReadonlySignal<SendUpvote | null>;
  /** The data shown, whose counts the votes are added to. */
  data: ReadonlySignal<RoadmapData | null>;
  /** What this browser asked for: where each vote's receipt is kept. */
  requests: RequestUpdates;
  now(): number;
  onVoted?: ((target: UpvoteTarget, upvotes: number, threadId: string) => void) | undefined;
  onError?: ((error: RoadmapError) => void) | undefined;
}

/** A {@link Voting} as the model holds it. */
export interface VotingPart extends Voting {
  /** A read started at `startedAt` is shown: it supersedes the votes it counts (see `createVotes`). */
  settle(startedAt: number): void;
  dispose(): void;
}

/** {@link createVotes} over this workspace's stored votes and the proxy's sender. */
export function createVoting(options: VotingOptions): VotingPart {
  // Read in a task of their own: nothing shows them before the data.
  const stored = persisted({
    storage: options.storage,
    key: computed(() => roadmapVotesKey(options.workspace.value)),
    parse: parseList,
    serialize: (list) => JSON.stringify(list),
    deferRead: true,
  });
  const serverCount = (target: Pick<UpvoteTarget, 'kind' | 'id'>) => {
    const current = options.data.peek();
    const list: readonly (Issue | Project)[] =
      target.kind === 'issue' ? (current?.issues ?? []) : (current?.projects ?? []);
    return list.find((item) => item.id === target.id)?.upvotes;
  };
  const { requests } = options;
  const votes = createVotes({
    send: options.sender,
    stored,
    serverCount,
    now: options.now,
    receiptOf: (target) =>
      requests.requests.value.items.find((item) => (target.kind === 'issue' ? item.issue : item.project) === target.id),
    onVoted: (target, count, threadId, receipt) => {
      if (receipt) {
        const status =
          target.kind === 'issue'
            ? options.data.peek()?.issues.find((issue) => issue.id === target.id)?.status
            : undefined;
        requests.remember({
          thread: threadId,
          receipt,
          at: Date.now(),
          [target.kind]: target.id,
          title: target.title,
          seen: status,
        });
      }
      options.onVoted?.(target, count, threadId);
    },
    onWithdrawn: (_target, threadId) => requests.forget(threadId),
    onError: (_target, error) => options.onError?.(error),
  });
  // Another tab voted.
  const onStorage = () => {
    stored.reread();
    requests.reread();
  };
  const watching = typeof addEventListener === 'function';
  if (watching) addEventListener('storage', onStorage);
  return {
    enabled: computed(() => options.sender.value !== null),
    movedTo: (issueId) => {
      const moved = requests.moved.value.find((item) => item.issue === issueId);
      return moved && currentOf(moved);
    },
    of: votes.of,
    vote: votes.vote,
    settle: votes.settle,
    dispose() {
      if (watching) removeEventListener('storage', onStorage);
      stored.dispose();
    },
  };
}
