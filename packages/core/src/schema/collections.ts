import { assign } from './assign.ts';
import { addTypeIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { AnySchema, Input, Output, Schema } from './types.ts';

/** An array whose every item passes `item`. */
export const array = <T extends AnySchema>(item: T): Schema<Output<T>[], Input<T>[]> => {
  const run = item.run;
  return schema((value, ctx) => {
    if (!Array.isArray(value)) {
      addTypeIssue(ctx, 'array');
      return value;
    }
    const output = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      ctx.path.push(i);
      output[i] = run(value[i], ctx);
      ctx.path.pop();
    }
    return output;
  });
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
