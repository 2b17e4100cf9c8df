import * as z from 'zod/mini';
import { PAIN_LEVELS, THREAD_ORIGINS, THREAD_STATES } from '../constants.ts';
import { dateTime, nullableDateTime, nullableString, text } from './common.ts';
import { emailSchema } from './email.ts';

// What `threads.create` sends and gets back, in a module of its own: a bundle that only creates
// threads then leaves the other v2 schemas out (bundlers drop unused modules of this
// side-effect-free package, but not always unused schema calls within a module).

export const threadRowSchema = z.object({
  id: z.string(),
  title: nullableString,
  text: z.string(),
  state: z.enum(THREAD_STATES),
  pain_level: z.enum(PAIN_LEVELS),
  origin: z.enum(THREAD_ORIGINS),
  contact: z.nullable(z.object({ id: z.string(), email: z.string(), name: nullableString })),
  company_id: nullableString,
  assignee_id: nullableString,
  project_id: nullableString,
  issue_id: nullableString,
  snoozed_until: nullableDateTime,
  created_at: dateTime,
  updated_at: dateTime,
});
export type ThreadRow = z.output<typeof threadRowSchema>;

export const createThreadInputSchema = z.strictObject({
  text: text(1),
  title: z.optional(z.string()),
  pain_level: z.optional(z.enum(PAIN_LEVELS)),
  origin: z.optional(z.enum(THREAD_ORIGINS)),
  contact_email: z.optional(emailSchema),
  contact_name: z.optional(z.string()),
  company_id: z.optional(text(1)),
  project_id: z.optional(text(1)),
  issue_id: z.optional(text(1)),
});
export type CreateThreadInput = z.input<typeof createThreadInputSchema>;
