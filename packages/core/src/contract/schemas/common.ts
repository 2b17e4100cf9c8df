import * as z from 'zod/mini';
import { DOMAIN_PATTERN, EMAIL_PATTERN, IDEMPOTENCY_KEY_PATTERN } from '../constants.ts';

const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(?:Z|[+-](\d\d):?(\d\d))$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `value` is an ISO 8601 date-time with `Z` or a numeric offset that names a real instant:
 * year 1 or later, a day the month has, hours 0-23, minutes and seconds 0-59, an offset of at most
 * 14 hours (the widest in use). The pattern only finds the parts; the numbers are checked here.
 */
export function isDateTime(value: string): boolean {
  const parts = DATE_TIME.exec(value);
  if (!parts) return false;
  // Read one by one, not mapped: this runs for every date of every row of a response.
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  const offsetHours = Number(parts[7] ?? 0);
  const offsetMinutes = Number(parts[8] ?? 0);
  const days =
    month === 2 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 28 : DAYS_IN_MONTH[month - 1];
  return (
    year >= 1 &&
    days !== undefined &&
    day >= 1 &&
    day <= days &&
    Number(parts[4]) <= 23 &&
    Number(parts[5]) <= 59 &&
    Number(parts[6] ?? 0) <= 59 &&
    offsetMinutes <= 59 &&
    offsetHours * 60 + offsetMinutes <= 14 * 60
  );
}

/**
 * ISO 8601 date-time with `Z` or a numeric offset, naming a real instant (`isDateTime`). Our own
 * check rather than zod's `z.iso.datetime()`, which takes year 0 and offsets any database refuses.
 */
export const dateTime = /*@__PURE__*/ z
  .string()
  .check(/*@__PURE__*/ z.refine(isDateTime, 'must be an ISO 8601 date-time'));
export const nullableDateTime = /*@__PURE__*/ z.nullable(dateTime);
export const nullableString = /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.string());

/** A string of `min`-`max` characters; a longer one fails on its length alone, before any later check. */
export const text = /*@__NO_SIDE_EFFECTS__*/ (min: number, max?: number) =>
  max === undefined
    ? /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(min))
    : /*@__PURE__*/ z.string().check(/*@__PURE__*/ z.minLength(min), /*@__PURE__*/ z.maxLength(max, { abort: true }));

/** A path segment id: non-empty, so no request is ever sent to the collection URL by mistake. */
export const idSchema = /*@__PURE__*/ text(1);

/** An Idempotency-Key header value: 1-255 visible ASCII characters. */
export const idempotencyKeySchema = /*@__PURE__*/ text(1, 255).check(
  /*@__PURE__*/ z.regex(IDEMPOTENCY_KEY_PATTERN, 'must be visible ASCII characters'),
);

export const stringArray = /*@__PURE__*/ z.array(/*@__PURE__*/ z.string());

// Input fields of both API generations.

/**
 * An email address: at most 254 characters (checked first, so the pattern never runs on a longer
 * value), matching `EMAIL_PATTERN`, with the message browsers' and zod's email checks give.
 */
export const emailSchema = /*@__PURE__*/ z
  .string()
  .check(
    /*@__PURE__*/ z.maxLength(254, { abort: true }),
    /*@__PURE__*/ z.regex(EMAIL_PATTERN, 'must be a valid email'),
  );

/** A company domain: 1-63 characters, then (only then) the API's domain pattern. */
export const domainSchema = /*@__PURE__*/ z
  .string()
  .check(
    /*@__PURE__*/ z.minLength(1, { abort: true }),
    /*@__PURE__*/ z.maxLength(63, { abort: true }),
    /*@__PURE__*/ z.regex(DOMAIN_PATTERN),
  );
