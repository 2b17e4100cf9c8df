// @vitest-environment node

import { roadmapVotesKey } from '@hearken/core';
import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
import { createRequestUpdates } from '@hearken/ui/model';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { RoadmapData } from './load.ts';
import type { SendUpvote } from './upvote-client.ts';
import { createVoting } from './voting.ts';

const data: RoadmapData = {
  workspaceId: WORKSPACE_ID,
  workspace: portal().workspace,
  changelog: null,
  projects: portal().projects,
  issues: portal().issues,
};

function setup(send: SendUpvote | null, votedBefore: readonly string[] = []) {
  const storage = memoryStorage();
  if (votedBefore.length > 0) storage.setItem(roadmapVotesKey(WORKSPACE_ID), JSON.stringify(votedBefore));
  const errors: unknown[] = [];
  const voted: unknown[] = [];
  const requests = createRequestUpdates({
    storage: signal(storage),
    workspace: signal(WORKSPACE_ID),
    proxy: signal(null),
    reader: () => Promise.reject(new Error('no reads here')),
  });
  const voting = createVoting({
    storage: signal(storage),
    workspace: signal(WORKSPACE_ID),
    sender: signal(send),
    data: signal(data),
    requests,
    now: () => 1,
    onVoted: (target, upvotes, threadId) => voted.push([target.id, upvotes, threadId]),
    onError: (error) => errors.push(error.code),
  });
  return { storage, voting, errors, voted, requests };
}

describe('createVoting', () => {
  it('is off without a sender', async () => {
    const { voting } = setup(null);
    expect(voting.enabled.value).toBe(false);
    await voting.vote({ kind: 'issue', id: data.issues[0]!.id, title: 'x' });
    expect(voting.of({ kind: 'issue', id: data.issues[0]!.id }).voted.value).toBe(false);
    voting.dispose();
  });

  it('adds a vote to the shown count, remembers it for the workspace and reports the new count', async () => {
    const issue = data.issues[0]!;
    const { storage, voting, voted } = setup(async () => ({ threadId: 'th_1' }));
    expect(voting.enabled.value).toBe(true);
    await voting.vote({ kind: 'issue', id: issue.id, title: issue.title });
    expect(voting.of({ kind: 'issue', id: issue.id }).added.value).toBe(1);
    expect(voted).toEqual([[issue.id, issue.upvotes + 1, 'th_1']]);
    expect(JSON.parse(storage.getItem(roadmapVotesKey(WORKSPACE_ID)) ?? '[]')).toEqual([`issue:${issue.id}`]);
    voting.dispose();
  });

  it('takes a vote back on a second press with its receipt, and forgets it; counted once per browser', async () => {
    const issue = data.issues[0]!;
    const withdrawn: [string, string][] = [];
    const send: SendUpvote = Object.assign(async () => ({ threadId: 'th_1', receipt: 'rc_1' }), {
      withdraw: async (threadId: string, receipt: string) => {
        withdrawn.push([threadId, receipt]);
      },
    });
    const { storage, voting, requests } = setup(send);
    const target = { kind: 'issue', id: issue.id, title: issue.title } as const;
    await voting.vote(target);
    const vote = voting.of(target);
    expect([vote.voted.value, vote.withdrawable.value, vote.added.value]).toEqual([true, true, 1]);
    expect(requests.requests.value.items).toMatchObject([
      { thread: 'th_1', receipt: 'rc_1', issue: issue.id, seen: issue.status },
    ]);
    await voting.vote(target);
    expect(withdrawn).toEqual([['th_1', 'rc_1']]);
    expect([vote.voted.value, vote.added.value]).toEqual([false, 0]);
    expect(requests.requests.value.items).toEqual([]);
    expect(JSON.parse(storage.getItem(roadmapVotesKey(WORKSPACE_ID)) ?? '[]')).toEqual([]);
    // Voting again counts once more, not twice.
    await voting.vote(target);
    expect(vote.added.value).toBe(1);
  });

  it('takes out of the count a vote the service had already counted, and keeps a vote it failed to take back', async () => {
    const issue = data.issues[1]!;
    let fail = true;
    const send: SendUpvote = Object.assign(async () => ({ threadId: 'th_2', receipt: 'rc_2' }), {
      withdraw: async () => {
        if (fail) throw Object.assign(new Error('offline'), { name: 'NetworkError', code: 'network_error' });
      },
    });
    // Voted on an earlier page: the count read from the service has it.
    const { voting, requests, errors } = setup(send, [`issue:${issue.id}`]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const target = { kind: 'issue', id: issue.id, title: issue.title } as const;
    requests.remember({ thread: 'th_2', receipt: 'rc_2', at: Date.now(), issue: issue.id });
    const vote = voting.of(target);
    expect([vote.voted.value, vote.withdrawable.value, vote.added.value]).toEqual([true, true, 0]);
    await voting.vote(target);
    expect([vote.voted.value, vote.added.value, errors.length]).toEqual([true, 0, 1]);
    fail = false;
    await voting.vote(target);
    expect([vote.voted.value, vote.added.value]).toEqual([false, -1]);
  });

  it('cannot take back a vote without its receipt', async () => {
    const issue = data.issues[2]!;
    const send: SendUpvote = Object.assign(async () => ({ threadId: 'th_3' }), { withdraw: async () => {} });
    const { voting } = setup(send);
    const target = { kind: 'issue', id: issue.id, title: issue.title } as const;
    await voting.vote(target);
    expect(voting.of(target).withdrawable.value).toBe(false);
    await voting.vote(target);
    expect(voting.of(target).voted.value).toBe(true);
  });

  it('rolls a refused vote back and reports why', async () => {
    const { voting, errors } = setup(async () => {
      throw Object.assign(new Error('Slow down'), { name: 'RateLimitError', code: 'rate_limited', status: 429 });
    });
    const project = data.projects[0]!;
    await voting.vote({ kind: 'project', id: project.id, title: project.name });
    const state = voting.of({ kind: 'project', id: project.id });
    expect([state.added.value, state.voted.value, state.error.value?.status]).toEqual([0, false, 429]);
    expect(errors).toHaveLength(1);
    voting.dispose();
  });
});
