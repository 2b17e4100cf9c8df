import { describe, expect, it } from 'vitest';
import { safeParse } from '../parse.ts';
import { createMessageInputSchema, threadMetadataSchema } from './messages.ts';
import { createThreadInputSchema, v2ThreadSchema } from './v2.ts';

const messages = (result: ReturnType<typeof safeParse>) =>
  result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);

describe('thread metadata', () => {
  it('takes up to 20 string values under keys of [A-Za-z0-9_.-]', () => {
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k.${i}`, 'v']));
    expect(safeParse(threadMetadataSchema, twenty).success).toBe(true);
    expect(safeParse(threadMetadataSchema, { 'page-url': 'https://a.example/', app_version: '' }).success).toBe(true);
  });

  it('names the key of a bad key, an overlong value or a value that is not a string', () => {
    expect(
      messages(
        safeParse(createThreadInputSchema, {
          text: 't',
          metadata: { 'bad key': 'x', [`${'k'.repeat(41)}`]: 'y', long: 'v'.repeat(501), count: 3 },
        }),
      ),
    ).toEqual([
      'metadata.bad key is not a valid key: must be 1-40 characters of A-Z, a-z, 0-9, _, . or -',
      `metadata.${'k'.repeat(41)} is not a valid key: must be 1-40 characters of A-Z, a-z, 0-9, _, . or -`,
      'metadata.long must be at most 500 characters',
      'metadata.count expected string',
    ]);
  });

  it('refuses a 21st entry and an empty key', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(messages(safeParse(threadMetadataSchema, many))).toEqual([' must have at most 20 entries']);
    expect(messages(safeParse(threadMetadataSchema, { '': 'v' }))[0]).toMatch(/is not a valid key/);
  });

  it('a thread row from a service without metadata reads as {}', () => {
    const row = {
      id: 't',
      title: null,
      text: 'x',
      state: 'NEW',
      pain_level: 'LOW',
      origin: 'API',
      contact: null,
      company_id: null,
      assignee_id: null,
      project_id: null,
      issue_id: null,
      snoozed_until: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(safeParse(v2ThreadSchema, row)).toMatchObject({ success: true, data: { metadata: {} } });
  });
});

describe('message create body', () => {
  const image = { name: 'shot.png', content_type: 'image/png', content: 'iVBORw0KGgo=' };

  it('takes content and up to 5 attachments', () => {
    expect(safeParse(createMessageInputSchema, { content: 'Here', attachments: Array(5).fill(image) }).success).toBe(
      true,
    );
  });

  it('names the failing field: empty content, a sixth attachment, bad base64, a nameless or typeless one', () => {
    expect(messages(safeParse(createMessageInputSchema, { content: '' }))).toEqual(['content must not be empty']);
    expect(messages(safeParse(createMessageInputSchema, { content: 'x', attachments: Array(6).fill(image) }))).toEqual([
      'attachments must be at most 5 items',
    ]);
    expect(
      messages(
        safeParse(createMessageInputSchema, {
          content: 'x',
          attachments: [
            { ...image, content: 'not base64!' },
            { ...image, name: '' },
            { ...image, content_type: 'png' },
          ],
        }),
      ),
    ).toEqual([
      'attachments.0.content must be base64',
      'attachments.1.name must not be empty',
      'attachments.2.content_type must be a MIME type such as image/png',
    ]);
  });
});
