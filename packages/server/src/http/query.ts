import * as z from 'zod/mini';
import { parseWith } from './validate.ts';

const booleanText = z.enum(['true', 'false']);

/** A `true`/`false` query parameter; 400 for any other text. */
export const parseBooleanQuery = (value: string, name: string): boolean =>
  parseWith(booleanText, value, name) === 'true';

/** A positive integer, e.g. a page size. */
export const positiveInt = z.int().check(z.gte(1));
const integer = z.int();

/**
 * An integer query parameter: the number the text spells (by `Number`, so `''` reads as 0 and
 * `abc` fails as not a number), checked with `schema`; 400 naming the parameter otherwise.
 */
export const parseIntQuery = (value: string, name: string, schema: z.ZodMiniType<number> = integer): number =>
  parseWith(schema, Number(value), name);
