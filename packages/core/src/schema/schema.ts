import type { Check, ParseContext, Run, SafeParseResult, Schema, ValidationIssue } from './types.ts';

/** A wrong type or value stops the rules above it; a broken rule (a length, a pattern) does not. */
const stopsChecks = (issue: ValidationIssue) =>
  issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union';

function withChecks(base: Run, checks: readonly Check<never>[]): Run {
  if (!checks.length) return base;
  return (value, ctx) => {
    const before = ctx.issues.length;
    const output = base(value, ctx);
    // Rules only make sense on a value of the right type, so they run after no `stopsChecks` issue.
    if (ctx.issues.length === before || !ctx.issues.slice(before).some(stopsChecks))
      for (const check of checks) (check as Check<unknown>)(output, ctx);
    return output;
  };
}

function check<S extends Schema>(this: S, ...more: Check<never>[]): S {
  const checks = [...this.checks, ...more];
  return { ...this, checks, run: withChecks(this.base, checks) };
}

function safeParse<O>(this: Schema<O>, value: unknown): SafeParseResult<O> {
  const ctx: ParseContext = { issues: [], path: [] };
  const data = this.run(value, ctx) as O;
  return ctx.issues.length ? { success: false, error: { issues: ctx.issues } } : { success: true, data };
}

/** Makes a schema from its type test; `extra` carries what a combinator needs to keep (an object's shape). */
export function schema<S extends Schema>(base: Run, extra?: Omit<S, keyof Schema>): S {
  return { ...extra, base, checks: [], run: base, check, safeParse } as unknown as S;
}
