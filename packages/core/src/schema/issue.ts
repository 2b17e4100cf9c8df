import type { ParseContext } from './types.ts';

/** Records a failed rule at the current path, or at `key` below it. */
export function addIssue(ctx: ParseContext, code: string, message: string, key?: PropertyKey): void {
  const path = ctx.path.slice();
  if (key !== undefined) path.push(key);
  ctx.issues.push({ path, code, message });
}

/** `expected string`, `expected object`, ... */
export const addTypeIssue = (ctx: ParseContext, expected: string): void =>
  addIssue(ctx, 'invalid_type', `expected ${expected}`);
