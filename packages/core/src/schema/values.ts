import { addIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { Schema } from './types.ts';

type Primitive = string | number | boolean | null;

function oneOf<T>(values: readonly T[]): Schema<T> {
  const allowed = new Set<unknown>(values);
  const message = `must be one of ${values.map(String).join(', ')}`;
  return schema((value, ctx) => {
    if (!allowed.has(value)) addIssue(ctx, 'invalid_value', message);
    return value;
  });
}

/** Exactly `value`. */
export const literal = <const T extends Primitive>(value: T): Schema<T> => oneOf([value]);

/** One of `values` (zod's `z.enum`; exported as `enum` too). */
export const picklist = <const T extends readonly Primitive[]>(values: T): Schema<T[number]> => oneOf(values);
