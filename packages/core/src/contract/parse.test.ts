import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { changelog, threadRow, v1Thread, workspace } from '../test/fixtures.ts';
import { type AnySchema, safeParse, safeParseInSlices } from './parse.ts';
import { createContactInputSchema, v1ThreadSchema } from './schemas/v1.ts';
import {
  bulkUpdateInputSchema,
  createCompanyInputSchema,
  createThreadInputSchema,
  threadPageSchema,
} from './schemas/v2.ts';
import { workspaceResponseSchema } from './schemas/workspace.ts';

afterEach(() => {
  z.config({ customError: undefined, localeError: undefined });
});

describe('safeParse', () => {
  it('words every issue in Hearken’s terms, naming the rule and never the value', () => {
    const schema = z.strictObject({
      name: z.string().check(z.minLength(1)),
      code: z.string().check(z.minLength(3), z.maxLength(5)),
      n: z.int().check(z.gte(0), z.lte(9)),
      kind: z.enum(['A', 'B']),
      list: z.array(z.string()).check(z.maxLength(1)),
      needed: z.string(),
    });
    const result = safeParse(schema, { name: '', code: 'toolong', n: 1.5, kind: 'C', list: ['a', 'b'] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'must not be empty'],
      ['code', 'must be at most 5 characters'],
      ['n', 'expected int'],
      ['kind', 'must be one of A, B'],
      ['list', 'must be at most 1 items'],
      ['needed', 'is required'],
    ]);
    expect(safeParse(z.int().check(z.gte(2)), 1)).toMatchObject({ issues: [{ message: 'must be at least 2' }] });
    expect(safeParse(z.string().check(z.minLength(2)), 'a')).toMatchObject({
      issues: [{ message: 'must be at least 2 characters' }],
    });
    expect(safeParse(z.string().check(z.regex(/^a+$/)), 'b')).toMatchObject({
      issues: [{ code: 'invalid_format', message: 'must match /^a+$/' }],
    });
    expect(safeParse(z.url(), 'not a url')).toMatchObject({ issues: [{ message: 'must be a valid url' }] });
  });

  it('keeps its wording when the page loads a zod locale or sets a global error map', () => {
    z.config({ localeError: () => 'Ungültige Eingabe', customError: () => 'global message' });
    expect(safeParse(createThreadInputSchema, { text: '' })).toMatchObject({
      issues: [{ path: ['text'], message: 'must not be empty' }],
    });
    expect(z.string().check(z.minLength(1)).safeParse('').error?.issues[0]?.message).toBe('global message');
  });

  it('names each unknown key of a strict object in an issue of its own', () => {
    expect(safeParse(createThreadInputSchema, { text: 'x', extra: 1, more: 2 })).toEqual({
      success: false,
      issues: [
        { path: ['extra'], code: 'unrecognized_keys', message: 'is not a known field' },
        { path: ['more'], code: 'unrecognized_keys', message: 'is not a known field' },
      ],
    });
  });

  it('property: strict objects name every unknown key, and only those', () => {
    const known = z.strictObject({ id: z.string(), n: z.number() });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (extra) => {
        const value = { ...extra, id: 'a', n: 1 };
        const unknownKeys = Object.keys(value).filter((key) => key !== 'id' && key !== 'n');
        const result = safeParse(known, value);
        const named = result.success ? [] : result.issues.map((issue) => issue.path);
        expect(named).toEqual(unknownKeys.map((key) => [key]));
      }),
    );
  });
});

// Core's real schemas, between them every kind of schema and check core uses.
const schemas: [string, AnySchema][] = [
  ['v1Thread', v1ThreadSchema],
  ['createContactInput', createContactInputSchema],
  ['bulkUpdateInput', bulkUpdateInputSchema],
  ['createCompanyInput', createCompanyInputSchema],
  ['threadPage', threadPageSchema],
  ['createThreadInput', createThreadInputSchema],
  ['workspaceResponse', workspaceResponseSchema],
];

/** Valid bodies with parts replaced by arbitrary JSON, so parses get past the first level. */
const near = (valid: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.jsonValue(),
    fc.constant(valid),
    fc
      .record({ key: fc.string(), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...(valid as object), [key]: value })),
    fc.dictionary(fc.constantFrom(...Object.keys(valid as object)), fc.jsonValue()).map((changes) => ({
      ...(valid as object),
      ...changes,
    })),
  );

const inputs = fc.oneof(
  near(v1Thread),
  near({ data: [threadRow()], page: { cursor: null, has_more: false, limit: 50 } }),
  near({ workspace, latestChangelog: changelog }),
  near({ text: 'x', contact_email: 'a@b.co', pain_level: 'LOW' }),
  near({ ids: ['a'], set: { state: 'NEW' } }),
  near({ name: 'Acme', logo_url: 'https://acme.test', domains: ['acme.test'], size: 3 }),
);

describe('schema properties', () => {
  it('never throws, and a failed parse names at least one issue with a message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), inputs, ([, schema], value) => {
        const result = safeParse(schema, value);
        if (result.success) return;
        expect(result.issues.length).toBeGreaterThan(0);
        for (const issue of result.issues) expect(issue.message).toMatch(/^[a-z]/);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives output that passes the same schema again, unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), inputs, ([, schema], value) => {
        const first = safeParse(schema, value);
        if (!first.success) return;
        expect(safeParse(schema, first.data)).toEqual({ success: true, data: first.data });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('safeParseInSlices', () => {
  const item = z.object({ id: z.string(), upvotes: z.number() });

  it('pauses once between slices and never before the first or after the last', async () => {
    const list = Array.from({ length: 250 }, (_, i) => ({ id: `i_${i}`, upvotes: i }));
    const pause = vi.fn(() => Promise.resolve());
    const result = await safeParseInSlices(item, list, 100, pause);
    expect(pause).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ success: true, data: list });
    pause.mockClear();
    await safeParseInSlices(item, list.slice(0, 100), 100, pause);
    expect(pause).not.toHaveBeenCalled();
  });

  it('gives the same data and issues as z.array(item) for any list, at any slice size', async () => {
    const entry = fc.oneof(
      fc.record({ id: fc.string(), upvotes: fc.integer() }),
      fc.record({ id: fc.integer(), upvotes: fc.string(), extra: fc.boolean() }),
      fc.constantFrom(null, 'x', 3),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), async (list, slice) => {
        const sliced = await safeParseInSlices(item, list, slice, () => Promise.resolve());
        expect(sliced).toEqual(safeParse(z.array(item), list));
      }),
    );
  });
});
