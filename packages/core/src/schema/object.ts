import { assign } from './assign.ts';
import { addIssue, addTypeIssue } from './issue.ts';
import { schema } from './schema.ts';
import type { AnySchema, Input, OptionalSchema, Output, Run, Schema } from './types.ts';

export type Shape = Readonly<Record<string, AnySchema>>;

type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};

export type ShapeOutput<S extends Shape> = Flat<
  { [K in RequiredKeys<S>]: Output<S[K]> } & { [K in OptionalKeys<S>]?: Output<S[K]> }
>;
export type ShapeInput<S extends Shape> = Flat<
  { [K in RequiredKeys<S>]: Input<S[K]> } & { [K in OptionalKeys<S>]?: Input<S[K]> }
>;

export interface ObjectSchema<S extends Shape, O = ShapeOutput<S>, I = ShapeInput<S>> extends Schema<O, I> {
  readonly shape: S;
}

/** What happens to keys the shape does not name. */
type UnknownKeys = 'strip' | 'strict' | 'loose';

function objectRun(shape: Shape, unknownKeys: UnknownKeys): Run {
  const keys = Object.keys(shape);
  const runs = keys.map((key) => (shape[key] as AnySchema).run);
  const optional = keys.map((key) => 'optional' in (shape[key] as AnySchema));
  return (value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      addTypeIssue(ctx, 'object');
      return value;
    }
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const before = ctx.issues.length;
      ctx.path.push(key);
      const parsed = (runs[i] as Run)(input[key], ctx);
      ctx.path.pop();
      if (parsed !== undefined) output[key] = parsed;
      // A key given as undefined stays in; one left out stays out, unless its schema (`unknown()`)
      // took undefined as a value.
      else if (key in input) output[key] = undefined;
      else if (!optional[i] && ctx.issues.length === before) addIssue(ctx, 'invalid_type', 'is required', key);
    }
    if (unknownKeys !== 'strip') {
      for (const key in input) {
        if (!Object.hasOwn(input, key) || Object.hasOwn(shape, key)) continue;
        if (unknownKeys === 'strict') addIssue(ctx, 'unrecognized_keys', 'is not a known field', key);
        else assign(output, key, input[key]);
      }
    }
    return output;
  };
}

/** An object with the keys of `shape`; other keys are dropped from the output. */
export const object = <const S extends Shape>(shape: S): ObjectSchema<S> =>
  schema(objectRun(shape, 'strip'), { shape });

/** An object with only the keys of `shape`: every other key is an `unrecognized_keys` issue naming it. */
export const strictObject = <const S extends Shape>(shape: S): ObjectSchema<S> =>
  schema(objectRun(shape, 'strict'), { shape });

/** An object with the keys of `shape`; other keys are kept as they are. */
export const looseObject = <const S extends Shape>(
  shape: S,
): ObjectSchema<S, ShapeOutput<S> & Record<string, unknown>, ShapeInput<S> & Record<string, unknown>> =>
  schema(objectRun(shape, 'loose'), { shape });
