import * as z from 'zod/mini';
import { DOMAIN_PATTERN } from '../constants.ts';

// Input fields shared by the v1 and v2 schemas, apart from both so neither pulls in the other.

/** A company domain: 1-63 characters, then (only then) the API's domain pattern. */
export const domainSchema = /*@__PURE__*/ z
  .string()
  .check(
    /*@__PURE__*/ z.minLength(1, { abort: true }),
    /*@__PURE__*/ z.maxLength(63, { abort: true }),
    /*@__PURE__*/ z.regex(DOMAIN_PATTERN),
  );
