import { assign } from './assign.ts';
import { addTypeIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { AnySchema, Input, Output, ParseContext, Run, Schema } from './types.ts';

/** Parses `list[from]` to `list[to - 1]` into `output`, each item under its index in the path. */
export function runItems(
  run: Run,
  list: readonly unknown[],
  output: unknown[],
  from: number,
  to: number,
  ctx: ParseContext,
) {
  for (let i = from; i < to; i++) {
    ctx.path.push(i);
    output[i] = run(list[i], ctx);
    ctx.path.pop();
  }
}

/** An array schema; `item` is kept so a long list can also be parsed in slices (`safeParseInSlices`). */
export interface ArraySchema<T extends AnySchema> extends Schema<Output<T>[], Input<T>[]> {
  readonly item: T;
}

/** An array whose every item passes `item`. */
export const array = <T extends AnySchema>(item: T): ArraySchema<T> => {
  const run = item.run;
  return schema<ArraySchema<T>>(
    (value, ctx) => {
      if (!Array.isArray(value)) {
        addTypeIssue(ctx, 'array');
        return value;
      }
      const output = new Array(value.length);
      runItems(run, value, output, 0, value.length, ctx);
      return output;
    },
    { item },
  );
};

/** An object used as a map: every own key passes `key`, every value passes `value`. */
export const record = <K extends Schema<string>, V extends AnySchema>(
  key: K,
  value: V,
): Schema<Record<Output<K>, Output<V>>, Record<Input<K>, Input<V>>> =>
  schema((input, ctx) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      addTypeIssue(ctx, 'record');
      return input;
    }
    const output: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(input)) {
      ctx.path.push(name);
      const parsedName = key.run(name, ctx);
      assign(output, parsedName as string, value.run(item, ctx));
      ctx.path.pop();
    }
    return output;
  });
