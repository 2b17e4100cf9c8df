import { describe, expect, it } from 'vitest';
import { safeParse } from '../parse.ts';
import { createChangelogInputSchema, v2ChangelogSchema } from './changelogs.ts';
import { listIssuesQuerySchema } from './params.ts';
import { createThreadInputSchema, v2ThreadSchema } from './v2.ts';
import { updateIssueInputSchema } from './v2-issues.ts';

const messages = (result: ReturnType<typeof safeParse>) =>
  result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);

describe('v2 issue schemas', () => {
  it('the list query: filters on the first page, dropped unread beside a cursor, limit capped', () => {
    expect(safeParse(listIssuesQuerySchema, { status: 'In Progress', project_id: 'p1' })).toEqual({
      success: true,
      data: { status: 'In Progress', project_id: 'p1', limit: 50 },
    });
    expect(safeParse(listIssuesQuerySchema, { status: '', cursor: 'c1', limit: '500' })).toEqual({
      success: true,
      data: { cursor: 'c1', limit: 200 },
    });
    expect(messages(safeParse(listIssuesQuerySchema, { status: '' }))).toEqual(['status must not be empty']);
  });

  it('the update takes the decided fields only, each checked by name', () => {
    expect(safeParse(updateIssueInputSchema, { status: 'Done', description: null, project_id: null }).success).toBe(
      true,
    );
    expect(messages(safeParse(updateIssueInputSchema, { status: 'x'.repeat(101) }))).toEqual([
      'status must be at most 100 characters',
    ]);
    expect(messages(safeParse(updateIssueInputSchema, { title: '', upvotes: 3 }))).toEqual([
      'title must not be empty',
      'upvotes is not a known field',
    ]);
  });

  it('changelog issue_ids: at most 50, and read as [] from a service that sends none', () => {
    const body = (count: number) => ({ title: 'T', notes: 'n', issue_ids: Array.from({ length: count }, () => 'i') });
    expect(safeParse(createChangelogInputSchema, body(50)).success).toBe(true);
    expect(messages(safeParse(createChangelogInputSchema, body(51)))[0]).toMatch(/^issue_ids /);
    const row = {
      id: 'c1',
      version: 1,
      title: 'T',
      date: '2026-11-01T00:00:00.000Z',
      published: true,
      archived: false,
      image_url: null,
      project_id: null,
      notes: '<p>n</p>',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    };
    expect(safeParse(v2ChangelogSchema, row)).toMatchObject({ success: true, data: { issue_ids: [] } });
  });

  it('notify_contact: a boolean on create, read as false from a service that sends none', () => {
    expect(messages(safeParse(createThreadInputSchema, { text: 't', notify_contact: 'yes' }))).toEqual([
      'notify_contact expected boolean',
    ]);
    const parsed = safeParse(v2ThreadSchema, {
      id: 't1',
      title: null,
      text: 't',
      state: 'NEW',
      pain_level: 'UNKNOWN',
      origin: 'API',
      contact: null,
      company_id: null,
      assignee_id: null,
      project_id: null,
      issue_id: null,
      snoozed_until: null,
      metadata: {},
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    expect(parsed).toMatchObject({ success: true, data: { notify_contact: false } });
  });
});
