import { describe, expect, it } from 'vitest';
import {
  changelogAnnouncedKey,
  changelogSeenKey,
  FEEDBACK_OUTBOX_KEY,
  feedbackDraftKey,
  roadmapVotesKey,
} from './storage-keys.ts';

describe('storage keys', () => {
  it('are the keys earlier versions wrote, so a reader keeps their votes, queue and draft across an upgrade', () => {
    expect(FEEDBACK_OUTBOX_KEY).toBe('hearken-feedback:outbox');
    expect(feedbackDraftKey('https://proxy.test', 'ws1')).toBe('hearken-feedback:draft:https://proxy.test|ws1');
    expect(feedbackDraftKey('https://proxy.test', undefined)).toBe('hearken-feedback:draft:https://proxy.test|');
    expect(roadmapVotesKey('ws1')).toBe('hearken:votes:ws1');
    expect(changelogSeenKey('ws1')).toBe('hearken:changelog-seen:ws1');
  });

  it('keep drafts of different widgets and the state of different workspaces apart', () => {
    expect(feedbackDraftKey('https://a.test', 'ws1')).not.toBe(feedbackDraftKey('https://a.test', 'ws2'));
    expect(feedbackDraftKey('https://a.test', 'ws1')).not.toBe(feedbackDraftKey('https://b.test', 'ws1'));
    expect(roadmapVotesKey('ws1')).not.toBe(roadmapVotesKey('ws2'));
    expect(changelogSeenKey('ws1')).not.toBe(changelogSeenKey('ws2'));
    expect(changelogAnnouncedKey('ws1')).not.toBe(changelogAnnouncedKey('ws2'));
    expect(changelogAnnouncedKey('ws1')).not.toBe(changelogSeenKey('ws1'));
  });

  it('keep a draft about one issue or project apart from one about another, and from one about nothing', () => {
    const about200 = feedbackDraftKey('https://a.test', 'ws1', { issueId: 'ACME-200' });
    expect(about200).not.toBe(feedbackDraftKey('https://a.test', 'ws1', { issueId: 'ACME-215' }));
    expect(about200).not.toBe(feedbackDraftKey('https://a.test', 'ws1'));
    expect(feedbackDraftKey('https://a.test', 'ws1', { projectId: 'p1' })).not.toBe(
      feedbackDraftKey('https://a.test', 'ws1'),
    );
    // The issue is what it is about: naming its project too does not make another draft.
    expect(feedbackDraftKey('https://a.test', 'ws1', { issueId: 'ACME-200', projectId: 'p1' })).toBe(about200);
  });
});
