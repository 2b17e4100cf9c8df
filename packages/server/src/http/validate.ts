import { type AnySchema, findUnstorable, safeParse, type ValidationIssue } from '@hearken/core';
import type { Context, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type * as z from 'zod/mini';
import { InvalidInputError, type Issue } from '../errors.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

const dotted = (path: readonly PropertyKey[], prefix?: string): string =>
  [...(prefix ? [prefix] : []), ...path.map(String)].join('.') || '(body)';

/** Schema issues as `{path, message}`; an unknown key is an issue of its own naming that key. */
export function toIssues(issues: readonly ValidationIssue[], prefix?: string): Issue[] {
  return issues.map((issue) => ({
    path: dotted(issue.path, prefix),
    message: issue.code === 'unrecognized_keys' ? 'unknown property' : issue.message,
  }));
}

/**
 * The JSON body: 415 for another media type, 400 for malformed JSON, or for what core's
 * `findUnstorable` names (NUL, a lone surrogate, a `__proto__` key, too deep a nesting) at any depth.
 */
async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type');
  if (type && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError('unsupported_media_type', 'Request bodies must be application/json', {
      issues: [{ path: 'Content-Type', message: 'must be application/json' }],
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(await c.req.text());
  } catch {
    throw new InvalidInputError([{ path: '(body)', message: 'malformed JSON' }], 'The request body is not valid JSON');
  }
  const unstorable = findUnstorable(data);
  if (unstorable) throw new InvalidInputError([unstorable]);
  return data;
}

/** What `valid` checks: the JSON body, the query string or the path parameters. */
export type Target = 'json' | 'query' | 'param';

const read = (c: Context, target: Target): unknown | Promise<unknown> =>
  target === 'json' ? readJson(c) : target === 'query' ? c.req.query() : c.req.param();

/**
 * Middleware that checks one part of the request with a schema of `@hearken/core` and hands the
 * parsed value to the handler as `c.req.valid(target)`; any failure is a 400 naming each field, in
 * the error format of the path's generation. The schema also describes the request in the
 * OpenAPI document (hono-openapi reads it from the middleware).
 */
export function valid<T extends Target, S extends AnySchema>(
  target: T,
  schema: S,
): MiddlewareHandler<AppEnv, string, { out: { [K in T]: z.output<S> } }> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const result = safeParse(schema, await read(c, target));
    if (!result.success) throw new InvalidInputError(toIssues(result.issues));
    // A query value the database cannot hold (NUL, a lone surrogate) would fail the query with a
    // 500; the body was checked whole when read.
    const unstorable = target === 'json' ? undefined : findUnstorable(result.data);
    if (unstorable) throw new InvalidInputError([unstorable]);
    c.req.addValidatedData(target, result.data as object);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}
