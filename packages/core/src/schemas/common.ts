import * as z from 'zod/mini';

/**
 * ISO 8601 date-time with `Z` or a numeric offset. A plain pattern rather than `z.iso.datetime()`,
 * which costs the browser bundle almost a kilobyte more.
 */
export const dateTime = z
  .string()
  .check(
    z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/, 'must be an ISO 8601 date-time'),
  );
export const nullableDateTime = z.nullable(dateTime);
export const nullableString = z.nullable(z.string());
export const stringArray = z.array(z.string());

/** A string of `min`-`max` characters. */
export const text = (min: number, max?: number) =>
  max === undefined ? z.string().check(z.minLength(min)) : z.string().check(z.minLength(min), z.maxLength(max));

/** A path segment id: non-empty, so no request is ever sent to the collection URL by mistake. */
export const idSchema = text(1);
