import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { safeParse } from '../parse.ts';
import { listContactsQuerySchema, listThreadsQuerySchema, webhookListQuerySchema } from './params.ts';

/** The query's properties as an OpenAPI document describes them (hono-openapi converts with io 'input'). */
const properties = (schema: z.ZodMiniType) =>
  (z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, unknown> }).properties;

describe('integer query parameters', () => {
  it('are integers with their bounds and defaults in the document, so a generated client passes numbers', () => {
    expect(properties(listContactsQuerySchema)).toEqual({
      skip: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 },
      take: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    });
    expect(properties(listThreadsQuerySchema).limit).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 50,
    });
    expect(properties(webhookListQuerySchema).limit).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      default: 50,
    });
  });

  it('read the text of a URL, and give the default when the parameter is absent', () => {
    expect(safeParse(listContactsQuerySchema, { take: '20' })).toEqual({ success: true, data: { skip: 0, take: 20 } });
    expect(safeParse(webhookListQuerySchema, {})).toEqual({ success: true, data: { limit: 50 } });
  });

  it('lower a page limit above 200 to 200, where a take above 100 is refused', () => {
    expect(safeParse(webhookListQuerySchema, { limit: '500' })).toEqual({ success: true, data: { limit: 200 } });
    expect(safeParse(listContactsQuerySchema, { take: '101' }).success).toBe(false);
  });

  it('refuse a fraction and text that is not a number, by name', () => {
    const result = safeParse(listThreadsQuerySchema, { limit: '1.5' });
    expect(result.success ? [] : result.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['limit', 'expected int'],
    ]);
    const text = safeParse(listContactsQuerySchema, { skip: 'ten' });
    expect(text.success ? [] : text.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['skip', 'expected number'],
    ]);
  });
});
