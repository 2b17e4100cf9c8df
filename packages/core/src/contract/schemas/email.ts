import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../constants.ts';

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
