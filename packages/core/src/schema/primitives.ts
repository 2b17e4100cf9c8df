import { addIssue, addTypeIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { Schema } from './types.ts';

/** Any string. */
export const string = (): Schema<string> =>
  schema((value, ctx) => {
    if (typeof value !== 'string') addTypeIssue(ctx, 'string');
    return value;
  });

/** A finite number. */
export const number = (): Schema<number> =>
  schema((value, ctx) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) addTypeIssue(ctx, 'number');
    return value;
  });

/** A safe integer (±2^53 - 1). */
export const int = (): Schema<number> =>
  schema((value, ctx) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) addTypeIssue(ctx, 'number');
    else if (!Number.isInteger(value)) addTypeIssue(ctx, 'int');
    else if (value > Number.MAX_SAFE_INTEGER) addIssue(ctx, 'too_big', `must be at most ${Number.MAX_SAFE_INTEGER}`);
    else if (value < Number.MIN_SAFE_INTEGER) addIssue(ctx, 'too_small', `must be at least ${Number.MIN_SAFE_INTEGER}`);
    return value;
  });

export const boolean = (): Schema<boolean> =>
  schema((value, ctx) => {
    if (typeof value !== 'boolean') addTypeIssue(ctx, 'boolean');
    return value;
  });

/** Anything, `undefined` included. */
export const unknown = (): Schema<unknown> => schema((value) => value);

/** A string that `new URL` accepts. */
export const url = (): Schema<string> =>
  schema((value, ctx) => {
    if (typeof value !== 'string') addTypeIssue(ctx, 'string');
    else if (!parsesAsUrl(value)) addIssue(ctx, 'invalid_format', 'must be a valid url');
    return value;
  });

// `URL.canParse` is newer than some browsers the client supports.
function parsesAsUrl(value: string): boolean {
  try {
    new URL(value.trim());
    return true;
  } catch {
    return false;
  }
}
