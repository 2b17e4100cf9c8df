import { describe, expect, it } from 'vitest';
import { safeParse } from '../parse.ts';
import { createChangelogInputSchema, updateChangelogInputSchema } from './changelogs.ts';
import { listChangelogsQuerySchema } from './params.ts';

const messages = (result: ReturnType<typeof safeParse>) =>
  result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);

describe('changelog schemas', () => {
  it('the list query: state on the first page, dropped unread beside a cursor, limit capped', () => {
    expect(safeParse(listChangelogsQuerySchema, { state: 'draft' })).toEqual({
      success: true,
      data: { state: 'draft', limit: 50 },
    });
    expect(safeParse(listChangelogsQuerySchema, { state: 'bogus', cursor: 'c1', limit: '500' })).toEqual({
      success: true,
      data: { cursor: 'c1', limit: 200 },
    });
    expect(messages(safeParse(listChangelogsQuerySchema, { state: 'bogus' }))).toEqual([
      'state must be one of published, draft, archived, all',
    ]);
  });

  it('image_url takes https only, and null to clear it', () => {
    expect(
      messages(safeParse(createChangelogInputSchema, { title: 'T', notes: 'n', image_url: 'ftp://x.example/a' })),
    ).toEqual(['image_url must be an https URL']);
    expect(safeParse(updateChangelogInputSchema, { image_url: null }).success).toBe(true);
    expect(
      safeParse(createChangelogInputSchema, { title: 'T', notes: 'n', image_url: 'https://x.example/a.png' }).success,
    ).toBe(true);
  });

  it('notes are an HTML string or a rich-text document, nothing else', () => {
    expect(safeParse(createChangelogInputSchema, { title: 'T', notes: { type: 'doc', content: [] } }).success).toBe(
      true,
    );
    expect(messages(safeParse(createChangelogInputSchema, { title: 'T', notes: { type: 'paragraph' } }))[0]).toMatch(
      /^notes /,
    );
    expect(messages(safeParse(updateChangelogInputSchema, { notes: 42 }))[0]).toMatch(/^notes /);
  });

  it('the update takes archived; the create does not', () => {
    expect(safeParse(updateChangelogInputSchema, { archived: true }).success).toBe(true);
    expect(messages(safeParse(createChangelogInputSchema, { title: 'T', notes: 'n', archived: true }))).toEqual([
      'archived is not a known field',
    ]);
  });
});
