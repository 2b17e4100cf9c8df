import { portal, WORKSPACE_ID } from '@hearken/test-support';
import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { announceUnread, hostEvents } from './host-events.ts';

function listen(host: EventTarget) {
  const heard: { type: string; detail: unknown }[] = [];
  for (const type of ['hearken:load', 'hearken:error', 'hearken:upvote', 'hearken:unread'])
    host.addEventListener(type, (event) => heard.push({ type, detail: (event as CustomEvent).detail }));
  return heard;
}

describe('the model’s callbacks as the host’s events', () => {
  it('tells of data, failures and votes', () => {
    const host = document.createElement('div');
    const heard = listen(host);
    const events = hostEvents(host);
    const data = portal();
    events.onLoad({
      workspaceId: WORKSPACE_ID,
      workspace: data.workspace,
      changelog: data.latestChangelog,
      projects: data.projects,
      issues: data.issues,
    });
    events.onError({ kind: 'network', code: 'network_error', message: 'offline' }, 'upvote');
    events.onUpvote({ kind: 'issue', id: 'i1', title: 'Export' }, 4, 'th_1');
    expect(heard).toEqual([
      {
        type: 'hearken:load',
        detail: { workspaceId: WORKSPACE_ID, projects: 5, issues: 3, changelog: true },
      },
      { type: 'hearken:error', detail: { code: 'network_error', message: 'offline', source: 'upvote' } },
      { type: 'hearken:upvote', detail: { kind: 'issue', id: 'i1', upvotes: 4, threadId: 'th_1' } },
    ]);
  });

  it('announces the unread count whenever it changes, not its starting 0', () => {
    const host = document.createElement('div');
    const heard = listen(host);
    const unread = signal(0);
    const stop = announceUnread(host, unread);
    unread.value = 3;
    unread.value = 3;
    unread.value = 0;
    stop();
    unread.value = 5;
    expect(heard.map((event) => event.detail)).toEqual([{ count: 3 }, { count: 0 }]);
  });
});
