// @vitest-environment node

import { roadmapVotesKey } from '@hearken/core';
import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { memoryStorage } from '@hearken/ui/dom';
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

function setup(send: SendUpvote | null) {
  const storage = memoryStorage();
  const errors: unknown[] = [];
  const voted: unknown[] = [];
  const voting = createVoting({
    storage: signal(storage),
    workspace: signal(WORKSPACE_ID),
    sender: signal(send),
    data: signal(data),
    now: () => 1,
    onVoted: (target, upvotes, threadId) => voted.push([target.id, upvotes, threadId]),
    onError: (error) => errors.push(error.code),
  });
  return { storage, voting, errors, voted };
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
