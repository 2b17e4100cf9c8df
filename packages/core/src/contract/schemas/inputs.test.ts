import { describe, expect, it } from 'vitest';
import { DOMAIN_PATTERN } from '../constants.ts';
import { safeParse } from '../parse.ts';
import { domainSchema, isDateTime } from './common.ts';
import { listContactsQuerySchema, listThreadsQuerySchema, pathIdSchema } from './params.ts';
import { listContactsParamsSchema, updateCompanyInputSchema } from './v1.ts';
import { bulkUpdateInputSchema, createCompanyInputSchema, createThreadInputSchema } from './v2.ts';

const messages = (result: ReturnType<typeof safeParse>) =>
  result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);

describe('company domains', () => {
  it('keeps the pattern as written: anchored at the end only, so a suffix may match', () => {
    for (const domain of ['acme.com', 'app.acme.co.uk', 'Acme.com', 'x-1.io']) {
      expect(safeParse(domainSchema, domain).success, domain).toBe(true);
    }
    for (const domain of ['acme', 'ACME.COM', 'acme.c', 'acme.comm.', '.com']) {
      expect(safeParse(domainSchema, domain).success, domain).toBe(false);
    }
  });

  it('matches exactly what the API’s own pattern matches', () => {
    const written = /[0-9a-z-]+\.(?:(?:co|or|gv|ac|com)\.)?[a-z]{2,7}$/;
    const alphabet = ['a', 'Z', '-', '.', 'c', 'o', 'm', '1', ' '];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 20_000; run++) {
      const value = Array.from(
        { length: 1 + Math.floor(random() * 14) },
        () => alphabet[Math.floor(random() * 9)],
      ).join('');
      expect(DOMAIN_PATTERN.test(value), value).toBe(written.test(value));
    }
  });

  it('fails an over-long domain on its length alone, without running the pattern on it', () => {
    expect(messages(safeParse(updateCompanyInputSchema, { domains: ['a'.repeat(50_000)] }))).toEqual([
      'domains.0 must be at most 63 characters',
    ]);
    expect(messages(safeParse(createCompanyInputSchema, { name: 'Acme', domains: ['a'.repeat(64)] }))).toEqual([
      'domains.0 must be at most 63 characters',
    ]);
  });

  it('matches the pattern in one pass, even on a hundred thousand characters', () => {
    // With the API's `[0-9a-z-]+` this one search takes over ten seconds (quadratic): the test times out.
    expect(DOMAIN_PATTERN.test(`${'a'.repeat(100_000)}!`)).toBe(false);
  });
});

describe('v1 company size and revenue', () => {
  it('must be whole numbers the service’s 64-bit column holds', () => {
    for (const size of [1.5, 1e19, -1e300]) {
      expect(messages(safeParse(updateCompanyInputSchema, { size, revenue: size }))).toEqual([
        expect.stringMatching(/^size (expected int|must be at (most|least) -?\d+)$/),
        expect.stringMatching(/^revenue (expected int|must be at (most|least) -?\d+)$/),
      ]);
    }
    expect(safeParse(updateCompanyInputSchema, { size: 250, revenue: null }).success).toBe(true);
  });
});

describe('v2 contact_email', () => {
  it('is at most 254 characters, as in v1', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(200)}.com`;
    expect(messages(safeParse(createThreadInputSchema, { text: 'x', contact_email: long }))).toEqual([
      'contact_email must be at most 254 characters',
    ]);
  });
});

describe('date-times', () => {
  it('must name a real instant, not only look like one', () => {
    for (const value of [
      '2026-13-45T99:99Z',
      '2026-01-01T00:00:00+99:99',
      '0000-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00Z',
      '2026-01-01T24:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T00:00:00+15:00',
    ]) {
      expect(isDateTime(value), value).toBe(false);
      expect(messages(safeParse(bulkUpdateInputSchema, { ids: ['t'], set: { snoozed_until: value } }))).toEqual([
        'set.snoozed_until must be an ISO 8601 date-time',
      ]);
    }
    for (const value of ['2028-02-29T23:59:59Z', '2026-01-01T00:00+14:00', '2026-06-30T12:00:00.123-0930']) {
      expect(isDateTime(value), value).toBe(true);
    }
  });
});

describe('bulk-update assignee_id', () => {
  it('refuses an empty string (null unassigns)', () => {
    expect(messages(safeParse(bulkUpdateInputSchema, { ids: ['t'], set: { assignee_id: '' } }))).toEqual([
      'set.assignee_id must not be empty',
    ]);
    expect(safeParse(bulkUpdateInputSchema, { ids: ['t'], set: { assignee_id: null } }).success).toBe(true);
  });
});

describe('v2 company tracker and owner ids', () => {
  it('refuse an empty id (null gives none)', () => {
    expect(messages(safeParse(createCompanyInputSchema, { name: 'Acme', owner_id: '', tier_id: '' }))).toEqual([
      'tier_id must not be empty',
      'owner_id must not be empty',
    ]);
    expect(safeParse(createCompanyInputSchema, { name: 'Acme', owner_id: null, status_id: null }).success).toBe(true);
  });
});

describe('contacts take', () => {
  it('is 1-100 for the client as for the server, so the client never sends a page size the server refuses', () => {
    expect(messages(safeParse(listContactsParamsSchema, { take: 101 }))).toEqual(['take must be at most 100']);
    expect(messages(safeParse(listContactsQuerySchema, { take: '101' }))).toEqual(['take must be at most 100']);
    expect(safeParse(listContactsParamsSchema, { take: 100 }).success).toBe(true);
  });
});

describe('query and path parameters', () => {
  it('read integers as the URL spells them and name the parameter otherwise', () => {
    expect(safeParse(listContactsQuerySchema, { skip: '20', take: '5' })).toEqual({
      success: true,
      data: { skip: 20, take: 5 },
    });
    expect(messages(safeParse(listContactsQuerySchema, { skip: '-1', take: 'abc' }))).toEqual([
      'skip must be at least 0',
      'take expected number',
    ]);
    expect(messages(safeParse(listThreadsQuerySchema, { status: 'OPEN', limit: '0' }))).toEqual([
      'status must be one of NEW, PROCESSED, COMPLETED, SNOOZED, UNSNOOZED',
      'limit must be at least 1',
    ]);
  });

  it('leave out the thread filters sent beside a cursor, unread, since the cursor carries its own', () => {
    expect(safeParse(listThreadsQuerySchema, { status: 'OPEN', tab: 'x', cursor: 'abc', limit: '2' })).toEqual({
      success: true,
      data: { cursor: 'abc', limit: 2 },
    });
    expect(safeParse(listThreadsQuerySchema, { status: 'NEW', tab: 'inbox' })).toEqual({
      success: true,
      data: { status: 'NEW', tab: 'inbox', limit: 50 },
    });
  });

  it('refuse an empty id or one holding NUL', () => {
    expect(messages(safeParse(pathIdSchema, ''))).toEqual([' must not be empty']);
    expect(messages(safeParse(pathIdSchema, 'a\0b'))).toEqual([' must not contain NUL characters']);
  });
});
