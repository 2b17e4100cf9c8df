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

/** Deepest nesting of arrays and objects a request body may have; no request needs more than a few. */
export const MAX_JSON_DEPTH = 64;

/**
 * The first problem of a parsed body that no schema reports: a string or key holding NUL (which
 * Postgres text cannot store), or nesting deeper than MAX_JSON_DEPTH. Walked with an explicit
 * stack, so a body nested thousands of levels deep cannot overflow the call stack.
 */
function findUnstorable(data: unknown): Issue | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: data, path: [] }];
  const where = (path: string[]) => path.join('.') || '(body)';
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: where(path), message: 'must not contain NUL characters' };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      return { path: where(path), message: `is nested too deeply (more than ${MAX_JSON_DEPTH} levels)` };
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (key.includes('\u0000')) return { path: where([...path, key]), message: 'must not contain NUL characters' };
      stack.push({ value: item, path: [...path, key] });
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
  const unstorable = findUnstorable(data);
  if (unstorable) throw invalidRequest([unstorable]);
  return parseWith(schema, data);
}

/** A path or query string parameter, refused when it holds characters no id or email can. */
export function cleanParam(value: string, name: string): string {
  if (value.includes('\u0000')) throw invalidRequest([{ path: name, message: 'must not contain NUL characters' }]);
  return value;
}
