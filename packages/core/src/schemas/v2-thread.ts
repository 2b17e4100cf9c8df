import { PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import * as s from '../schema/index.ts';
import { dateTime, nullableDateTime, nullableString, text } from './common.ts';
import { emailSchema } from './email.ts';

// What `threads.create` sends and gets back, in a module of its own: a bundle that only creates
// threads then leaves the other v2 schemas out (bundlers drop unused modules of this
// side-effect-free package, but not always unused schema calls within a module).

export const threadRowSchema = s.object({
  id: s.string(),
  title: nullableString,
  text: s.string(),
  state: s.enum(THREAD_STATES),
  pain_level: s.enum(PAIN_LEVELS),
  origin: s.enum(THREAD_ORIGINS),
  contact: s.nullable(s.object({ id: s.string(), email: s.string(), name: nullableString })),
  company_id: nullableString,
  assignee_id: nullableString,
  project_id: nullableString,
  issue_id: nullableString,
  snoozed_until: nullableDateTime,
  created_at: dateTime,
  updated_at: dateTime,
});
export type ThreadRow = s.Output<typeof threadRowSchema>;

export const createThreadInputSchema = s.strictObject({
  text: text(1),
  title: s.optional(s.string()),
  pain_level: s.optional(s.enum(PAIN_LEVELS)),
  origin: s.optional(s.enum(THREAD_ORIGINS)),
  contact_email: s.optional(emailSchema),
  contact_name: s.optional(s.string()),
  company_id: s.optional(text(1)),
  project_id: s.optional(text(1)),
  issue_id: s.optional(text(1)),
});
export type CreateThreadInput = s.Input<typeof createThreadInputSchema>;

/** An Idempotency-Key header value: 1-255 visible ASCII characters. */
export const idempotencyKeySchema = text(1, 255).check(s.regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters'));
