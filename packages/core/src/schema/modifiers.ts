import { schema } from './schema.ts';
import type { AnySchema, Input, OptionalSchema, Output, Schema } from './types.ts';

/** `inner`, or `undefined`; as an object key, one that may be left out. */
export const optional = <T extends AnySchema>(inner: T): OptionalSchema<Output<T>, Input<T>> =>
  schema((value, ctx) => (value === undefined ? value : inner.run(value, ctx)), { optional: true });

/** `inner`, or `null`. */
export const nullable = <T extends AnySchema>(inner: T): Schema<Output<T> | null, Input<T> | null> =>
  schema((value, ctx) => (value === null ? value : inner.run(value, ctx)));
