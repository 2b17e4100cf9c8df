import { addIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { AnySchema, Input, Output, ParseContext, Schema } from './types.ts';

/** The first of `options` that `value` passes; one `invalid_union` issue when it passes none. */
export const union = <const T extends readonly AnySchema[]>(options: T): Schema<Output<T[number]>, Input<T[number]>> =>
  schema((value, ctx) => {
    for (const option of options) {
      const attempt: ParseContext = { issues: [], path: ctx.path };
      const output = option.run(value, attempt);
      if (!attempt.issues.length) return output;
    }
    addIssue(ctx, 'invalid_union', 'is invalid');
    return value;
  });
