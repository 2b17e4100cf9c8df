import type * as z from 'zod/mini';
import type { ValidationIssue } from './issues.ts';
import { issueMessage } from './messages.ts';

/** A parse's outcome: the output, or every broken rule as a `ValidationIssue`. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

// biome-ignore lint/suspicious/noExplicitAny: the widest schema type, for constraints only.
export type AnySchema = z.ZodMiniType<any, any>;

/** zod's issues as Hearken reports them: one issue per unknown key, at the key's own path. */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []) {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) result.push({ path: [...path, key], code: issue.code, message: issue.message });
    } else result.push({ path, code: issue.code, message: issue.message });
  }
  return result;
}

/**
 * `schema.safeParse(value)` with Hearken's messages (`issueMessage`), whatever error map or locale
 * the page configured for zod, and issues in the `ValidationIssue` form. The server validates
 * requests with it too, so both sides word every issue alike.
 */
export function safeParse<S extends AnySchema>(schema: S, value: unknown): SafeParseResult<z.output<S>> {
  const result = schema.safeParse(value, { error: issueMessage });
  return result.success
    ? { success: true, data: result.data }
    : { success: false, issues: toValidationIssues(result.error.issues) };
}

/**
 * Parses a list as `z.array(item)` would, awaiting `pause()` after every `slice` items, so a long
 * list (a thousand issues) is checked over several short tasks instead of one long one that
 * would hold up rendering and input.
 */
export async function safeParseInSlices<S extends AnySchema>(
  item: S,
  list: readonly unknown[],
  slice: number,
  pause: () => Promise<void>,
): Promise<SafeParseResult<z.output<S>[]>> {
  const issues: ValidationIssue[] = [];
  const output: z.output<S>[] = new Array(list.length);
  for (let index = 0; index < list.length; index++) {
    if (index > 0 && index % slice === 0) await pause();
    const result = item.safeParse(list[index], { error: issueMessage });
    if (result.success) output[index] = result.data;
    else issues.push(...toValidationIssues(result.error.issues, [index]));
  }
  return issues.length ? { success: false, issues } : { success: true, data: output };
}
