import type { AnySchema, ValidationIssue } from './types.ts';

/** The issues a failed parse gives; fails the test when the parse succeeds. */
export function issuesOf(schema: AnySchema, value: unknown): ValidationIssue[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return result.error.issues;
}

/** The output of a successful parse; fails the test with the issues otherwise. */
export function outputOf(schema: AnySchema, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
