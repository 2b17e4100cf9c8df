import { gte, int, picklist, type Schema } from '@hearken/core/schema';
import { parseWith } from './validate.ts';

const booleanText = picklist(['true', 'false']);

/** A `true`/`false` query parameter; 400 for any other text. */
export const parseBooleanQuery = (value: string, name: string): boolean =>
  parseWith(booleanText, value, name) === 'true';

/** A positive integer, e.g. a page size. */
export const positiveInt = int().check(gte(1));
const integer = int();

/**
 * An integer query parameter: the number the text spells (by `Number`, so `''` reads as 0 and
 * `abc` fails as not a number), checked with `schema`; 400 naming the parameter otherwise.
 */
export const parseIntQuery = (value: string, name: string, schema: Schema<number> = integer): number =>
  parseWith(schema, Number(value), name);
