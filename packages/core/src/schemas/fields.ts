import * as z from 'zod/mini';
import { DOMAIN_PATTERN, EMAIL_PATTERN } from '../constants.ts';
import { text } from './common.ts';

// Input fields shared by the v1 and v2 schemas, apart from both so neither pulls in the other.

/** An email address (`EMAIL_PATTERN`); the message is the one zod's own email format gives. */
export const emailSchema = z.string().check(z.regex(EMAIL_PATTERN, 'must be a valid email'));
/** A company domain: 1-63 characters matching the API's domain pattern. */
export const domainSchema = text(1, 63).check(z.regex(DOMAIN_PATTERN));
