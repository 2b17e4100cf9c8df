import * as s from '../schema/index.ts';

/**
 * ISO 8601 date-time with `Z` or a numeric offset. A plain pattern rather than zod's `z.iso.datetime()`,
 * which costs the browser bundle almost a kilobyte more.
 */
export const dateTime = s
  .string()
  .check(
    s.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/, 'must be an ISO 8601 date-time'),
  );
export const nullableDateTime = s.nullable(dateTime);
export const nullableString = s.nullable(s.string());

/** A string of `min`-`max` characters. */
export const text = (min: number, max?: number) =>
  max === undefined ? s.string().check(s.minLength(min)) : s.string().check(s.minLength(min), s.maxLength(max));

/** A path segment id: non-empty, so no request is ever sent to the collection URL by mistake. */
export const idSchema = text(1);
