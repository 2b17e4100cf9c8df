import { toValidationIssues } from '@hearken/core';
import type { Context } from 'hono';
import * as z from 'zod';
import { type Issue, invalidRequest, ServiceError } from './errors.ts';

// zod/mini (which @hearken/core's schemas use) ships no messages. English ones are given per
// parse rather than through the global z.config, which would change every zod user in the process.
const english = z.locales.en().localeError;

type Schema = z.core.$ZodType;

const dotted = (path: readonly PropertyKey[], prefix?: string): string =>
  [...(prefix ? [prefix] : []), ...path.map(String)].join('.') || '(body)';

/** Zod issues as `{path, message}`; an unknown key becomes an issue naming that key. */
export function toIssues(error: z.core.$ZodError, prefix?: string): Issue[] {
  return toValidationIssues(error.issues).map((issue) => ({
    path: dotted(issue.path, prefix),
    message: issue.code === 'unrecognized_keys' ? 'unknown property' : issue.message,
  }));
}

/** Parses `data` with `schema`, or throws 400 naming each failed field. */
export function parseWith<S extends Schema>(schema: S, data: unknown, prefix?: string): z.core.output<S> {
  const result = z.safeParse(schema, data, { error: english });
  if (!result.success) throw invalidRequest(toIssues(result.error, prefix));
  return result.data;
}

/** Postgres text cannot hold NUL, so it is refused up front rather than failing mid-write. */
function findNul(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key].join('.');
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The JSON body, validated: 415 for another media type, 400 for malformed JSON or a failed rule. */
export async function readBody<S extends Schema>(c: Context, schema: S): Promise<z.core.output<S>> {
  const type = c.req.header('content-type');
  if (type && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ServiceError(415, 'unsupported_media_type', 'Request bodies must be application/json');
  }
  const raw = await c.req.text();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw invalidRequest([{ path: '(body)', message: 'malformed JSON' }], 'The request body is not valid JSON');
  }
  const nul = findNul(data, []);
  if (nul) throw invalidRequest([{ path: nul, message: 'must not contain NUL characters' }]);
  return parseWith(schema, data);
}

/** A path or query string parameter, refused when it holds characters no id or email can. */
export function cleanParam(value: string, name: string): string {
  if (value.includes('\u0000')) throw invalidRequest([{ path: name, message: 'must not contain NUL characters' }]);
  return value;
}
