import * as z from 'zod/mini';
import { DOMAIN_PATTERN } from '../constants.ts';
import { text } from './common.ts';

// Input fields shared by the v1 and v2 schemas, apart from both so neither pulls in the other.

/**
 * An email address by the HTML rule for `<input type="email">`, so a form field and the client agree.
 * Written out rather than taken from `z.regexes`, which would pull every zod pattern into a bundle.
 */
export const emailSchema = z.email({
  pattern:
    /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/,
});
/** A company domain: 1-63 characters matching the API's domain pattern. */
export const domainSchema = text(1, 63).check(z.regex(DOMAIN_PATTERN));
