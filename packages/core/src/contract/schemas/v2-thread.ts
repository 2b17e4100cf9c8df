import * as z from 'zod/mini';
import { PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import { dateTime, nullableDateTime, nullableString, text } from './common.ts';
import { emailSchema } from './email.ts';

// What `threads.create` sends and gets back, in a module of its own: a bundle that only creates
// threads then leaves the other v2 schemas out (bundlers drop unused modules of this
// side-effect-free package, but not always unused schema calls within a module).

export const threadRowSchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  title: nullableString,
  text: /*@__PURE__*/ z.string(),
  state: /*@__PURE__*/ z.enum(THREAD_STATES),
  pain_level: /*@__PURE__*/ z.enum(PAIN_LEVELS),
  origin: /*@__PURE__*/ z.enum(THREAD_ORIGINS),
  contact: /*@__PURE__*/ z.nullable(
    /*@__PURE__*/ z.object({ id: /*@__PURE__*/ z.string(), email: /*@__PURE__*/ z.string(), name: nullableString }),
  ),
  company_id: nullableString,
  assignee_id: nullableString,
  project_id: nullableString,
  issue_id: nullableString,
  snoozed_until: nullableDateTime,
  created_at: dateTime,
  updated_at: dateTime,
});
export type ThreadRow = z.output<typeof threadRowSchema>;

export const createThreadInputSchema = /*@__PURE__*/ z.strictObject({
  text: /*@__PURE__*/ text(1),
  title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  pain_level: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(PAIN_LEVELS)),
  origin: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_ORIGINS)),
  contact_email: /*@__PURE__*/ z.optional(emailSchema),
  contact_name: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
  company_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  project_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
  issue_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ text(1)),
});
export type CreateThreadInput = z.input<typeof createThreadInputSchema>;
