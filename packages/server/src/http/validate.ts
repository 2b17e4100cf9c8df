import { type AnySchema, safeParse, type ValidationIssue } from '@hearken/core';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { type Issue, invalidRequest, ServiceError } from './errors.ts';

const dotted = (path: readonly PropertyKey[], prefix?: string): string =>
  [...(prefix ? [prefix] : []), ...path.map(String)].join('.') || '(body)';

/** Schema issues as `{path, message}`; an unknown key is an issue of its own naming that key. */
export function toIssues(issues: readonly ValidationIssue[], prefix?: string): Issue[] {
  return issues.map((issue) => ({
    path: dotted(issue.path, prefix),
    message: issue.code === 'unrecognized_keys' ? 'unknown property' : issue.message,
  }));
}

/** Parses `data` with `schema`, or throws 400 naming each failed field. */
export function parseWith<S extends AnySchema>(schema: S, data: unknown, prefix?: string): z.output<S> {
  const result = safeParse(schema, data);
  if (!result.success) throw invalidRequest(toIssues(result.issues, prefix));
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
export async function readBody<S extends AnySchema>(c: Context, schema: S): Promise<z.output<S>> {
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
