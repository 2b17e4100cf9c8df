import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContactInputSchema, v1ThreadSchema } from '../schemas/v1.ts';
import { bulkUpdateInputSchema, createCompanyInputSchema, threadPageSchema } from '../schemas/v2.ts';
import { createThreadInputSchema } from '../schemas/v2-thread.ts';
import { workspaceResponseSchema } from '../schemas/workspace-response.ts';
import { changelog, threadRow, v1Thread, workspace } from '../test/fixtures.ts';
import { strictObject } from './object.ts';
import { number, string } from './primitives.ts';
import type { AnySchema } from './types.ts';

// Core's real schemas: between them they use every combinator and check of the module.
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

/** Whether `path` (all but its last key) leads to something in `value`. */
function parentExists(value: unknown, path: readonly PropertyKey[]): boolean {
  let at = value;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return false;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return path.length === 0 || (typeof at === 'object' && at !== null);
}

describe('schema properties', () => {
  it('never throws, and a failed parse names at least one issue at a path the input has', () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), inputs, ([, schema], value) => {
        const result = schema.safeParse(value);
        if (result.success) return;
        expect(result.error.issues.length).toBeGreaterThan(0);
        for (const issue of result.error.issues) {
          expect(parentExists(value, issue.path), JSON.stringify(issue.path)).toBe(true);
          expect(issue.message).toMatch(/\S/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives output that passes the same schema again, unchanged', () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), inputs, ([, schema], value) => {
        const first = schema.safeParse(value);
        if (!first.success) return;
        const second = schema.safeParse(first.data);
        expect(second).toEqual({ success: true, data: first.data });
      }),
      { numRuns: 2000 },
    );
  });

  it('strict objects name every unknown key, and only those', () => {
    const known = strictObject({ id: string(), n: number() });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (extra) => {
        const value = { ...extra, id: 'a', n: 1 };
        const unknownKeys = Object.keys(value).filter((key) => key !== 'id' && key !== 'n');
        const result = known.safeParse(value);
        const named = result.success ? [] : result.error.issues.map((issue) => issue.path);
        expect(named).toEqual(unknownKeys.map((key) => [key]));
        if (!result.success)
          expect(result.error.issues.every((issue) => issue.code === 'unrecognized_keys')).toBe(true);
      }),
    );
  });
});
