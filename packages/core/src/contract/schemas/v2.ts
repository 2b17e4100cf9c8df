import * as z from 'zod/mini';
import {
  BULK_MAX_IDS,
  MODERATION_FILTERS,
  MODERATION_REASON_MAX_LENGTH,
  MODERATION_REASONS_MAX,
  MODERATION_STATES,
  PAIN_LEVELS,
  THREAD_ORIGINS,
  THREAD_STATES,
  THREAD_TABS,
  V2_SCOPES,
} from '../constants.ts';
import { dateTime, domainSchema, emailSchema, nullableDateTime, nullableString, stringArray, text } from './common.ts';
import { threadMetadataRowSchema, threadMetadataSchema } from './messages.ts';
import { pageCursorParam, pageInfoSchema, pageLimitParam, pageOf } from './paging.ts';

// ---- Threads ----

/** `clear` or `held`; a service that predates moderation sends neither, which reads as `clear`. */
export const moderationSchema = /*@__PURE__*/ z.enum(MODERATION_STATES);
/** Why a thread is held (`MODERATION_REASONS` names the usual ones); `[]` when clear. */
export const moderationReasonsSchema = /*@__PURE__*/ z
  .array(/*@__PURE__*/ text(1, MODERATION_REASON_MAX_LENGTH))
  .check(/*@__PURE__*/ z.maxLength(MODERATION_REASONS_MAX));

export const v2ThreadSchema = /*@__PURE__*/ z.object({
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
  metadata: threadMetadataRowSchema,
  /** The contact asked to hear back when the linked issue moves or ships; a service from before this sends none, read as false. */
  notify_contact: /*@__PURE__*/ z._default(/*@__PURE__*/ z.boolean(), false),
  /** `held`: suspected spam, kept out of default lists until released. */
  moderation: /*@__PURE__*/ z._default(moderationSchema, 'clear'),
  moderation_reasons: /*@__PURE__*/ z._default(/*@__PURE__*/ z.array(/*@__PURE__*/ z.string()), []),
  created_at: dateTime,
  updated_at: dateTime,
});
export type V2Thread = z.output<typeof v2ThreadSchema>;

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
  /** Context sent with the thread (page, browser, the host's own); see `threadMetadataSchema`. */
  metadata: /*@__PURE__*/ z.optional(threadMetadataSchema),
  /**
   * The contact asks to be emailed when an issue the thread is linked to changes status or ships
   * (default false); needs `contact_email`.
   */
  notify_contact: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.boolean()),
  /** `held` stores the thread held (a key proxy sets it for what it suspects); default `clear`. */
  moderation: /*@__PURE__*/ z.optional(moderationSchema),
  /** Why it is held; only with `moderation: 'held'`. */
  moderation_reasons: /*@__PURE__*/ z.optional(moderationReasonsSchema),
});
export type CreateThreadInput = z.input<typeof createThreadInputSchema>;

/** `GET /me`: the key's workspace, id and scopes. */
export const identitySchema = /*@__PURE__*/ z.object({
  workspace_id: /*@__PURE__*/ z.string(),
  api_key_id: /*@__PURE__*/ z.string(),
  scopes: /*@__PURE__*/ z.array(/*@__PURE__*/ z.string()),
});
export type Identity = z.output<typeof identitySchema>;

export const v2ScopeSchema = /*@__PURE__*/ z.enum(V2_SCOPES);

export const threadPageSchema = /*@__PURE__*/ pageOf(v2ThreadSchema, pageInfoSchema);
export type ThreadPage = z.output<typeof threadPageSchema>;

/** Filters of `GET /threads`; they travel on the first request only. */
const status = /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_STATES));
const tab = /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_TABS));
/** `clear` (the default) lists the threads not held, `held` only the held ones, `all` both. */
const moderation = /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(MODERATION_FILTERS));
/** Only the threads whose contact has this email. */
const contact_email = /*@__PURE__*/ z.optional(emailSchema);
export const threadFiltersSchema = /*@__PURE__*/ z.strictObject({ status, tab, moderation, contact_email });
export type ThreadFilters = z.input<typeof threadFiltersSchema>;

export const listThreadsParamsSchema = /*@__PURE__*/ z.extend(threadFiltersSchema, {
  limit: pageLimitParam,
  cursor: pageCursorParam,
});
export type ListThreadsParams = z.input<typeof listThreadsParamsSchema>;

export const iterateThreadsParamsSchema = /*@__PURE__*/ z.extend(threadFiltersSchema, { limit: pageLimitParam });
export type IterateThreadsParams = z.input<typeof iterateThreadsParamsSchema>;

/** Ids of one bulk call: 1-100 non-empty strings. */
export const bulkIdsSchema = /*@__PURE__*/ z
  .array(/*@__PURE__*/ text(1))
  .check(/*@__PURE__*/ z.minLength(1), /*@__PURE__*/ z.maxLength(BULK_MAX_IDS));

export const bulkUpdateSetSchema = /*@__PURE__*/ z
  .strictObject({
    state: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(THREAD_STATES)),
    pain_level: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.enum(PAIN_LEVELS)),
    title: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.string()),
    assignee_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1))),
    snoozed_until: /*@__PURE__*/ z.optional(nullableDateTime),
    /** `clear` releases held threads (emitting `thread.created`); `held` holds threads by hand. */
    moderation: /*@__PURE__*/ z.optional(moderationSchema),
  })
  .check(/*@__PURE__*/ z.refine((set: object) => Object.keys(set).length > 0, { error: 'set at least one field' }));
export type BulkUpdateSet = z.input<typeof bulkUpdateSetSchema>;

export const bulkUpdateInputSchema = /*@__PURE__*/ z.strictObject({ ids: bulkIdsSchema, set: bulkUpdateSetSchema });
export type BulkUpdateInput = z.input<typeof bulkUpdateInputSchema>;
export const bulkDeleteInputSchema = /*@__PURE__*/ z.strictObject({ ids: bulkIdsSchema });
export type BulkDeleteInput = z.input<typeof bulkDeleteInputSchema>;

/** Answer of both bulk calls: ids done and ids that were not found. */
export const bulkResultSchema = /*@__PURE__*/ z.object({ data: stringArray, not_found: stringArray });
export type BulkResult = z.output<typeof bulkResultSchema>;

const nonNegativeInt = /*@__PURE__*/ z.int().check(/*@__PURE__*/ z.gte(0));

/** `POST /api/v2/companies` body. */
export const createCompanyInputSchema = /*@__PURE__*/ z.strictObject({
  name: /*@__PURE__*/ text(1, 255),
  logo_url: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ z.url())),
  domains: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(domainSchema)),
  size: /*@__PURE__*/ z.optional(nonNegativeInt),
  revenue: /*@__PURE__*/ z.optional(nonNegativeInt),
  external_ids: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.array(/*@__PURE__*/ text(1, 255))),
  /** Ids from the tracker options and of a member; `null` gives none (an empty id names nothing). */
  status_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1))),
  tier_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1))),
  owner_id: /*@__PURE__*/ z.optional(/*@__PURE__*/ z.nullable(/*@__PURE__*/ text(1))),
});
export type CreateCompanyInput = z.input<typeof createCompanyInputSchema>;

/** A company as `POST /api/v2/companies` returns it (snake_case). */
export const v2CompanySchema = /*@__PURE__*/ z.object({
  id: /*@__PURE__*/ z.string(),
  name: /*@__PURE__*/ z.string(),
  logo_url: nullableString,
  domains: stringArray,
  size: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number()),
  revenue: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.number()),
  status_id: nullableString,
  status_name: nullableString,
  tier_id: nullableString,
  tier_name: nullableString,
  owner: /*@__PURE__*/ z.nullable(/*@__PURE__*/ z.looseObject({})),
  external_ids: stringArray,
  created_at: /*@__PURE__*/ z.string(),
  updated_at: /*@__PURE__*/ z.string(),
});
export type V2Company = z.output<typeof v2CompanySchema>;
