import { EMAIL_PATTERN } from '../constants.ts';
import * as s from '../schema/index.ts';

// Apart from the other input fields, which the feedback widget's thread schemas do not use.

/** An email address (`EMAIL_PATTERN`), with the message browsers' and zod's email checks give. */
export const emailSchema = s.string().check(s.regex(EMAIL_PATTERN, 'must be a valid email'));
