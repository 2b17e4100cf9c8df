import { DOMAIN_PATTERN } from '../constants.ts';
import * as s from '../schema/index.ts';
import { text } from './common.ts';

// Input fields shared by the v1 and v2 schemas, apart from both so neither pulls in the other.

/** A company domain: 1-63 characters matching the API's domain pattern. */
export const domainSchema = text(1, 63).check(s.regex(DOMAIN_PATTERN));
